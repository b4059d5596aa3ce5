// Settings: the apps the person allowed (remembered consents, GET /api/v1/consents) and revoking one, which ends the
// app's tokens at once; the app asks for consent again next time.
import { api } from '../api.js';
import { h, showError } from '../dom.js';
import { scopeWords } from '../components/scopes.js';

export function connectedAppsSection(section) {
  const list = h('ul', { class: 'devices', 'aria-label': 'Apps with access' });
  const state = h('p', { class: 'status', tabindex: -1 }, 'Loading…');
  const element = section('Connected apps', [h('p', { class: 'hint' }, 'Apps you allowed to use your account. Removing one ends '
    + 'its access at once; it has to ask you again.'), state, list], async () => '');
  const errors = element.querySelector('[role=alert]');
  const done = element.querySelector('[role=status]');

  async function draw() {
    const { items } = await api('GET', '/api/v1/consents');
    state.textContent = items.length ? '' : 'No apps are connected to your account.';
    list.replaceChildren(...items.map((consent) => h('li', { class: 'device' },
      h('p', {}, h('strong', { dir: 'auto' }, consent.app_name || consent.client_id)),
      h('p', { class: 'hint' }, `May: ${consent.scopes.map(scopeWords).join(', ')}`),
      h('button', { type: 'button', class: 'secondary small', 'aria-label': `Remove access for ${consent.app_name || consent.client_id}`,
        onclick: async () => {
          errors.hidden = true;
          try {
            await api('DELETE', `/api/v1/consents/${encodeURIComponent(consent.client_id)}`);
            done.textContent = `${consent.app_name || consent.client_id} no longer has access.`;
            await draw();
            (list.querySelector('button') || state).focus(); // the button pressed is gone: the next one, or the empty state
          } catch (error) { showError(errors, error); }
        } }, 'Remove access'))));
  }
  draw().catch((error) => { state.textContent = ''; showError(errors, error); });
  return element;
}
