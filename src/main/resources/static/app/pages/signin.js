// Sign in and sign up.
import { api } from '../api.js';
import { h, field, showError, errorBox } from '../dom.js';
import { session, go, page } from '../shell.js';
import { signInWithPasskey, supported } from '../passkeys.js';

// The API's rules for each field, shown before anything is sent.
export const USERNAME_HINT = "3–32 letters, digits, '.', '_' or '-', starting and ending with a letter or digit.";
export const PASSWORD_HINT = '8–256 characters.';
export const NAME_HINT = 'Up to 100 characters.';
export const EMAIL_HINT = 'Optional. We mail a link to confirm it; it lets you reset a forgotten password. Nobody else sees it.';

/** The local page to return to after signing in (?next=, set when a session ended), else home. */
function afterSignIn() {
  const next = new URLSearchParams(location.search).get('next') || '/';
  return next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';
}

export function signIn() {
  const errors = errorBox();
  const note = location.search.includes('expired') ? h('p', { class: 'status', role: 'status' }, 'Your session has ended. Please sign in again.') : null;
  const form = h('form', { novalidate: true },
    field('Username', { name: 'username', autocomplete: 'username', required: true }),
    field('Password', { name: 'password', type: 'password', autocomplete: 'current-password', required: true }),
    h('button', { type: 'submit' }, 'Sign in'));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      session.me = await api('POST', '/login', { username: form.username.value, password: form.password.value }, { quiet401: true });
      go(afterSignIn());
    } catch (error) {
      if (error.code === 'SECOND_FACTOR_REQUIRED') secondStep(error.secondFactor.step_token);
      else showError(errors, error, form);
    }
  });
  // Back from a provider, for an account with two-factor sign-in on: the step token came in the fragment
  const step = location.hash.match(/^#second-factor=([\w-]+)$/);
  if (step) {
    history.replaceState(null, '', '/login');
    return secondStep(step[1]);
  }
  // A passkey needs neither username nor password, and stands for two-factor sign-in too
  const passkey = supported() ? h('button', { type: 'button', class: 'secondary', onclick: async () => {
    errors.hidden = true;
    try {
      session.me = await signInWithPasskey();
      go(afterSignIn());
    } catch (error) { showError(errors, error); }
  } }, 'Sign in with a passkey') : null;
  const providers = h('div', { class: 'providers' });
  page('Sign in', note, errors, form, passkey, providers, h('p', {}, h('a', { href: '/forgot-password' }, 'Forgot password?')),
    h('p', {}, 'New here? ', h('a', { href: '/signup' }, 'Create an account')));
  showProviders(providers);
}

/**
 * "Sign in with …" for each configured OpenID Connect provider: a navigation, not a form (the page's CSP allows forms
 * to post only to this origin, and the provider is another).
 */
async function showProviders(container) {
  let items = [];
  try { ({ items } = await api('GET', '/auth/providers')); } catch { return; /* the password form still works */ }
  if (!items.length) return;
  container.replaceChildren(h('p', { class: 'hint' }, 'Or sign in with another account:'),
    ...items.map((provider) => h('p', {}, h('button', { type: 'button', class: 'secondary',
      onclick: () => window.location.assign(provider.start) }, `Sign in with ${provider.name}`))));
}

/** The second step of a sign-in with two-factor sign-in on: a code from the app, or a recovery code. */
function secondStep(stepToken) {
  const errors = errorBox();
  const form = h('form', { novalidate: true },
    field('Code from your authenticator app', { name: 'code', autocomplete: 'one-time-code', inputmode: 'numeric',
      required: true, hint: 'Six digits from the app, or one of your recovery codes.' }),
    h('button', { type: 'submit' }, 'Verify'));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      session.me = await api('POST', '/login/second-factor', { step_token: stepToken, code: form.code.value.trim() }, { quiet401: true });
      go(afterSignIn());
    } catch (error) {
      if (error.details.some((d) => d.field === 'step_token')) {
        showError(errors, { message: 'This sign-in has expired or had too many wrong codes. Please sign in again.' });
      } else showError(errors, error, form);
    }
  });
  page('Two-factor sign-in', errors, form, h('p', {}, h('a', { href: '/login' }, 'Start again')));
}

export function signUp() {
  const errors = errorBox();
  const form = h('form', { novalidate: true },
    field('Username', { name: 'username', autocomplete: 'username', required: true, hint: USERNAME_HINT }),
    field('Name', { name: 'name', autocomplete: 'name', required: true, hint: NAME_HINT }),
    field('Password', { name: 'password', type: 'password', autocomplete: 'new-password', required: true, hint: PASSWORD_HINT }),
    field('Email (optional)', { name: 'email', type: 'email', autocomplete: 'email', hint: EMAIL_HINT }),
    h('button', { type: 'submit' }, 'Sign up'));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const body = { username: form.username.value, name: form.name.value, password: form.password.value };
    if (form.email.value.trim()) body.email = form.email.value.trim();
    try {
      await api('POST', '/api/v1/users', body);
      session.me = await api('POST', '/login', { username: body.username, password: body.password });
      go(afterSignIn());
    } catch (error) { showError(errors, error, form); }
  });
  page('Sign up', errors, form, h('p', {}, 'Already have an account? ', h('a', { href: '/login' }, 'Sign in')));
}

export async function signOut() {
  try { await api('POST', '/logout'); } catch { /* signed out either way */ }
  session.me = null;
  go('/login');
}
