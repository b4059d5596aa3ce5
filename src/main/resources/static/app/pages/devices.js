// Settings: where I am signed in (browser sessions and apps' tokens), signing one out or all the others.
import { api } from '../api.js';
import { h, showError } from '../dom.js';
import { session } from '../shell.js';
import { timeAgo } from '../components/time.js';
import { deviceName, addressName } from '../components/device.js';

export function devicesSection(section) {
  const base = `/api/v1/users/${session.me.id}/devices`;
  const list = h('ul', { class: 'devices', 'aria-label': 'Signed-in devices' });
  const element = section('Signed-in devices', [list,
    h('button', { type: 'submit', class: 'secondary' }, 'Sign out everywhere else')], async () => {
    await api('POST', `${base}/sign-out-others`);
    await draw();
    return 'Signed out everywhere else.';
  });
  const errors = element.querySelector('[role=alert]');
  const done = element.querySelector('[role=status]');

  async function draw() {
    const { items } = await api('GET', base);
    list.replaceChildren(...items.map((device) => {
      const what = deviceName(device.user_agent) || (device.kind === 'session' ? 'A browser' : 'An app');
      return h('li', { class: 'device' },
        h('p', {}, h('strong', { title: device.user_agent || '' }, what), device.current ? ' (this device)' : ''),
        h('p', { class: 'hint' }, `${device.kind === 'session' ? 'Browser session' : 'App (token)'} · `,
          h('span', { title: device.address || '' }, addressName(device.address)), ' · last used ',
          timeAgo(device.last_used_at)),
        device.current ? null : h('button', { type: 'button', class: 'secondary small', 'aria-label': `Sign out ${what}`,
          onclick: async () => {
            errors.hidden = true;
            try {
              await api('DELETE', `${base}/${device.id}`);
              done.textContent = `Signed out ${what}.`;
              await draw();
            } catch (error) { showError(errors, error); }
          } }, 'Sign out'));
    }));
  }
  draw().catch((error) => showError(errors, error));
  return element;
}
