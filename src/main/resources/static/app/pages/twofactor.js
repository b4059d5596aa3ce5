// Settings: two-factor sign-in (an authenticator app), turned on with a first code and off with the password and a code.
import { api } from '../api.js';
import { h, field } from '../dom.js';
import { session } from '../shell.js';

export function twoFactorSection(section) {
  const me = session.me;
  const base = `/api/v1/users/${me.id}/two-factor`;
  const body = h('div', {});
  const element = section('Two-factor sign-in', [body], async (f) => {
    if (f.dataset.step === 'confirm') {
      const answer = await api('POST', `${base}/confirm`, { code: f.code.value.trim(), current_password: f.current_password.value });
      body.replaceChildren(h('p', {}, 'Two-factor sign-in is on. Save these recovery codes now: each works once, in place of a code, '
        + 'if you lose your phone. They are not shown again.'),
      h('ul', { class: 'recovery-codes', 'aria-label': 'Recovery codes' }, answer.recovery_codes.map((code) => h('li', {}, h('code', {}, code)))),
      h('button', { type: 'button', onclick: () => draw() }, 'I have saved them'));
      f.dataset.step = 'saved';
      return 'Two-factor sign-in is on.';
    }
    if (f.dataset.step === 'disable') {
      await api('POST', `${base}/disable`, { code: f.code.value.trim(), current_password: f.current_password.value });
      await draw();
      return 'Two-factor sign-in is off.';
    }
    return '';
  });
  const form = element.querySelector('form');
  const passwordField = () => field('Current password', { name: 'current_password', id: 'twofactor-current-password',
    type: 'password', autocomplete: 'current-password' });

  async function start() {
    const enrolment = await api('POST', base);
    form.dataset.step = 'confirm';
    body.replaceChildren(...[
      h('p', {}, 'Scan this QR code with your authenticator app, or type the key below into it. Then enter the code it shows.'),
      h('img', { class: 'qr-code', src: enrolment.qr_code, alt: 'QR code to add Roost to your authenticator app', width: 200, height: 200 }),
      h('p', {}, 'Key: ', h('code', { class: 'totp-secret' }, enrolment.secret)),
      ...field('Code from the app', { name: 'code', autocomplete: 'one-time-code', inputmode: 'numeric' }),
      ...passwordField(),
      h('button', { type: 'submit' }, 'Turn on two-factor sign-in')].filter(Boolean)); // a field without a hint has none
  }

  async function draw() {
    const status = await api('GET', base);
    form.dataset.step = status.enabled ? 'disable' : 'off';
    body.replaceChildren(...(status.enabled
      ? [h('p', {}, `Two-factor sign-in is on. ${status.recovery_codes_left} recovery codes left.`),
        ...field('Code from the app or a recovery code', { name: 'code', autocomplete: 'one-time-code' }),
        ...passwordField(),
        h('button', { type: 'submit', class: 'danger' }, 'Turn off two-factor sign-in')]
      : [h('p', {}, 'Two-factor sign-in is off. With it on, signing in also needs a code from an app on your phone.'),
        h('button', { type: 'button', onclick: () => start().catch(() => {}) }, 'Set up two-factor sign-in')]).filter(Boolean));
  }
  draw().catch(() => {});
  return element;
}
