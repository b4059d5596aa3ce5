// Re-authentication in place: a sensitive change answered 403 REAUTHENTICATION_REQUIRED (the sign-in is older than
// the window) asks for the password, and a code when two-factor sign-in is on, in a labelled dialog; once
// POST /auth/reauthenticate accepts them the caller retries the change. Cancelling leaves the change undone.
import { h, field, showError } from './dom.js';

function xsrf() {
  const match = document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/);
  return match ? decodeURIComponent(match[1]) : '';
}

let pending = null; // one dialog at a time: changes refused together wait for the same answer

/** Asks for the password (and code); resolves true once the session is re-authenticated, false if cancelled. */
export function askToReauthenticate() {
  if (pending) return pending;
  pending = new Promise((resolve) => {
    const errors = h('div', { role: 'alert', class: 'error', hidden: true });
    const form = h('form', { novalidate: true },
      h('p', {}, 'For this change, confirm it is you.'),
      ...field('Password', { name: 'password', type: 'password', autocomplete: 'current-password', required: true }),
      ...field('Code', { name: 'code', inputmode: 'numeric', autocomplete: 'one-time-code', maxlength: 32,
        hint: 'Only if two-factor sign-in is on: a code from your authenticator app, or a recovery code.' }),
      errors,
      h('button', { type: 'submit' }, 'Confirm'),
      h('button', { type: 'button', onclick: () => finish(false) }, 'Cancel'));
    const dialog = h('dialog', { 'aria-labelledby': 'reauth-title', class: 'reauth' },
      h('h2', { id: 'reauth-title' }, 'Confirm it is you'), form);
    function finish(done) {
      dialog.close();
      dialog.remove();
      pending = null;
      resolve(done);
    }
    dialog.addEventListener('cancel', (event) => { event.preventDefault(); finish(false); });
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const code = form.elements.code.value.trim();
      const body = { password: form.elements.password.value, ...(code ? { code } : {}) };
      let response;
      try {
        response = await fetch('/auth/reauthenticate', { method: 'POST', credentials: 'same-origin',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf() },
          body: JSON.stringify(body) });
      } catch {
        showError(errors, { message: 'You seem to be offline. Check your connection and try again.' }, form);
        return;
      }
      if (response.ok) { finish(true); return; }
      const text = await response.text();
      showError(errors, (text ? JSON.parse(text) : null)?.error || { message: `Request failed (${response.status})` }, form);
    });
    document.body.append(dialog);
    dialog.showModal();
    form.elements.password.focus();
  });
  return pending;
}

/** Runs `change`; if it is refused for an old sign-in, asks to re-authenticate and runs it once more. */
export async function withReauthentication(change) {
  try {
    return await change();
  } catch (error) {
    if (error?.code !== 'REAUTHENTICATION_REQUIRED' || !(await askToReauthenticate())) throw error;
    return change();
  }
}
