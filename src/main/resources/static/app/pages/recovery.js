// Password recovery: asking for a link ("Forgot password?") and choosing a new password from it.
import { api } from '../api.js';
import { h, field, showError, errorBox } from '../dom.js';
import { PASSWORD_HINT } from './signin.js';
import { session, page } from '../shell.js';

export function forgotPassword() {
  const errors = errorBox();
  const status = h('p', { class: 'status', role: 'status' });
  const form = h('form', { novalidate: true },
    field('Username or email', { name: 'login', autocomplete: 'username', required: true,
      hint: 'We mail a link to the account’s confirmed email address.' }),
    h('button', { type: 'submit' }, 'Send reset link'));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    errors.hidden = true;
    status.textContent = '';
    try {
      const answer = await api('POST', '/api/v1/password-resets', { login: form.login.value });
      status.textContent = `${answer.message} Check your inbox; the link works for 30 minutes.`;
    } catch (error) { showError(errors, error, form); }
  });
  page('Forgot password', errors, form, status, h('p', {}, h('a', { href: '/login' }, 'Back to sign in')));
}

/** The page a reset link opens; the token is in the fragment, which no server ever receives. */
export function resetPassword() {
  const token = new URLSearchParams(location.hash.slice(1)).get('token') || '';
  history.replaceState(null, '', '/reset-password'); // off the address bar and history
  const errors = errorBox();
  const status = h('p', { class: 'status', role: 'status' });
  const form = h('form', { novalidate: true },
    field('New password', { name: 'password', type: 'password', autocomplete: 'new-password', required: true, hint: PASSWORD_HINT }),
    h('button', { type: 'submit' }, 'Set new password'));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    errors.hidden = true;
    try {
      await api('POST', '/api/v1/password-resets/complete', { token, password: form.password.value });
      session.me = null;
      form.hidden = true;
      status.replaceChildren('Your password is changed and you are signed out everywhere. ', h('a', { href: '/login' }, 'Sign in'));
    } catch (error) {
      showError(errors, error.details?.some((d) => d.field === 'token')
        ? { message: 'This link is unknown, expired or already used. Ask for a new one.' } : error, form);
    }
  });
  page('Choose a new password', errors, form, status, h('p', {}, h('a', { href: '/forgot-password' }, 'Ask for a new link')));
}
