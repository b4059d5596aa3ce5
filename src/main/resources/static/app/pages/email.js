// Email: following a mailed link (/verify-email#token=...) and the settings section for the address.
import { api } from '../api.js';
import { h, field, showError, errorBox } from '../dom.js';
import { EMAIL_HINT } from './signin.js';
import { session, page } from '../shell.js';

/** The page a verification link opens. The token is in the fragment, which no server ever receives. */
export async function verifyEmail() {
  const token = new URLSearchParams(location.hash.slice(1)).get('token') || '';
  const errors = errorBox();
  const status = h('p', { class: 'status', role: 'status' }, 'Confirming your email address…');
  page('Confirm email address', errors, status);
  history.replaceState(null, '', '/verify-email'); // the token is spent either way: off the address bar and history
  try {
    await api('POST', '/api/v1/email-verifications', { token });
    if (session.me) session.me = { ...session.me, emailVerified: true };
    status.replaceChildren('Your email address is confirmed. ', h('a', { href: session.me ? '/settings' : '/login' },
      session.me ? 'Back to settings' : 'Sign in'));
  } catch (error) {
    status.textContent = '';
    showError(errors, error.details?.some((d) => d.field === 'token')
      ? { message: 'This link is unknown, expired or already used. Ask for a new one in Settings.' } : error);
  }
}

/** Settings: the address, whether it is confirmed, changing it (with the password) and a new link. */
export function emailSection(section) {
  // After POST /login the session's user is the REST representation (email_verified), after a reload GraphQL's (emailVerified)
  if (session.me.emailVerified === undefined) session.me = { ...session.me, emailVerified: Boolean(session.me.email_verified) };
  const me = session.me;
  const state = () => (!session.me.email ? 'You have no email address.'
    : `${session.me.email}: ${session.me.emailVerified ? 'confirmed' : 'not confirmed yet (see the link we mailed)'}`);
  const current = h('p', { id: 'email-state' }, state());
  const element = section('Email', [current,
    ...field('Email address', { name: 'email', type: 'email', autocomplete: 'email', value: me.email || '', hint: EMAIL_HINT }),
    ...field('Current password', { name: 'current_password', id: 'email-current-password', type: 'password', autocomplete: 'current-password' }),
    h('button', { type: 'submit' }, 'Save email')], async (f) => {
    const updated = await api('PATCH', `/api/v1/users/${me.id}`, { email: f.email.value.trim(), current_password: f.current_password.value });
    session.me = { ...session.me, email: updated.email || null, emailVerified: Boolean(updated.email_verified) };
    f.current_password.value = '';
    current.textContent = state();
    resend.hidden = !session.me.email || session.me.emailVerified;
    return session.me.email ? `Saved. We mailed a link to ${session.me.email}: open it to confirm the address.` : 'Email address removed.';
  });
  const done = element.querySelector('[role=status]');
  const errors = element.querySelector('[role=alert]');
  const resend = h('button', { type: 'button', class: 'secondary', hidden: !me.email || me.emailVerified, onclick: async () => {
    errors.hidden = true;
    try {
      await api('POST', `/api/v1/users/${me.id}/email-verifications`);
      done.textContent = `We mailed a new link to ${session.me.email}.`;
    } catch (error) { showError(errors, error); }
  } }, 'Send a new link');
  element.querySelector('form').append(resend);
  return element;
}
