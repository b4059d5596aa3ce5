// Settings: name, avatar, email, password, two-factor sign-in, passkeys, devices, sign-in providers, connected apps,
// account deletion.
import { api } from '../api.js';
import { h, field, showError, errorBox, clearFieldErrors } from '../dom.js';
import { NAME_HINT, PASSWORD_HINT } from './signin.js';
import { session, go, page } from '../shell.js';
import { emailSection } from './email.js';
import { twoFactorSection } from './twofactor.js';
import { devicesSection } from './devices.js';
import { connectedAppsSection } from './consents.js';
import { passkeysSection } from './passkeys.js';
import { providersSection } from './providers.js';

/** A settings section: a form whose submit returns the confirmation to show, or throws the error to show. */
function section(label, children, submit) {
  const errors = errorBox();
  const done = h('p', { class: 'status', role: 'status' });
  const element = h('form', { novalidate: true, 'aria-label': label }, ...children);
  element.addEventListener('submit', async (event) => {
    event.preventDefault();
    errors.hidden = true;
    clearFieldErrors(element);
    done.textContent = '';
    try { done.textContent = await submit(element); } catch (error) { showError(errors, error, element); }
  });
  const id = `settings-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
  return h('section', { id, 'aria-labelledby': `${id}-heading` }, h('h2', { id: `${id}-heading` }, label), errors, element, done);
}

/** The sections' own navigation: a link to each, beside them on a wide screen and above them on a phone. */
function sectionsNav(sections) {
  return h('nav', { class: 'settings-nav', 'aria-label': 'Settings sections' },
    h('ul', {}, ...sections.filter((s) => s?.id).map((s) =>
      h('li', {}, h('a', { href: `#${s.id}`, onclick: (event) => {
        event.preventDefault();
        s.scrollIntoView({ block: 'start' });
        s.querySelector('input, button, select, textarea, a')?.focus({ preventScroll: true });
      } }, s.querySelector('h2').textContent)))));
}

export function settings() {
  const me = session.me;
  // Only an avatar that exists is requested (me.avatarUrl): no 404 for a user without one
  const preview = h('img', { class: 'avatar', src: me.avatarUrl || null, alt: 'Avatar preview', hidden: !me.avatarUrl });
  const avatarForm = section('Avatar', [preview, ...field('Image (PNG, JPEG or WebP, up to 5 MB)', { name: 'file', type: 'file', accept: 'image/*' }),
    h('button', { type: 'submit' }, 'Upload avatar')], async (f) => {
    const data = new FormData();
    data.append('file', f.file.files[0] || new Blob([]), f.file.files[0]?.name || 'empty');
    try {
      await api('POST', `/api/v1/users/${me.id}/avatar`, data);
    } catch (error) {
      showSavedAvatar(); // a refused image is not left on show as if it were the avatar
      throw error;
    }
    session.me = { ...session.me, avatarUrl: `/api/v1/users/${me.id}/avatar` };
    removeAvatar.hidden = false;
    return 'Avatar saved.';
  });
  const avatarStatus = avatarForm.querySelector('[role=status]');
  const avatarErrors = avatarForm.querySelector('[role=alert]');
  // Offered only while there is an avatar to remove
  const removeAvatar = h('button', { type: 'button', class: 'secondary', hidden: !me.avatarUrl, onclick: async () => {
    avatarErrors.hidden = true;
    avatarStatus.textContent = '';
    try {
      await api('DELETE', `/api/v1/users/${me.id}/avatar`);
      preview.hidden = true;
      removeAvatar.hidden = true;
      session.me = { ...session.me, avatarUrl: null };
      avatarStatus.textContent = 'Avatar removed.';
    } catch (error) { showError(avatarErrors, error); }
  } }, 'Remove avatar');
  avatarForm.querySelector('form').append(removeAvatar);
  // The preview shows the chosen file before it is sent; a file the browser cannot show as an image (or one the
  // server refuses) puts back the saved avatar, or nothing, rather than a broken image.
  function showSavedAvatar() {
    const saved = session.me?.avatarUrl;
    preview.hidden = !saved;
    if (saved) preview.src = `${saved}?v=${Date.now()}`; else preview.removeAttribute('src');
  }
  preview.addEventListener('error', () => { if (preview.src.startsWith('blob:')) showSavedAvatar(); else preview.hidden = true; });
  avatarForm.querySelector('input[type=file]').addEventListener('change', (event) => {
    const file = event.target.files[0];
    if (file) { preview.src = URL.createObjectURL(file); preview.hidden = false; }
  });
  const sections = [
    section('Name', [...field('Name', { name: 'name', value: me.name, required: true, hint: NAME_HINT }), h('button', { type: 'submit' }, 'Save name')],
      async (f) => { session.me = { ...session.me, ...(await api('PATCH', `/api/v1/users/${me.id}`, { name: f.elements.name.value })) }; return 'Name saved.'; }),
    section('Bio', [...field('Bio', { name: 'bio', multiline: true, maxlength: 300, hint: 'Up to 300 characters, shown on your profile. Leave it empty for none.' }),
      h('button', { type: 'submit' }, 'Save bio')],
      async (f) => {
        const saved = await api('PATCH', `/api/v1/users/${me.id}`, { bio: f.elements.bio.value });
        session.me = { ...session.me, bio: saved.bio || null };
        return 'Bio saved.';
      }),
    avatarForm,
    emailSection(section),
    section('Password', [...field('Current password', { name: 'current_password', type: 'password', autocomplete: 'current-password' }),
      ...field('New password', { name: 'password', type: 'password', autocomplete: 'new-password', hint: PASSWORD_HINT }),
      h('button', { type: 'submit' }, 'Change password')],
      async (f) => { await api('PATCH', `/api/v1/users/${me.id}`, { password: f.password.value, current_password: f.current_password.value }); return 'Password changed.'; }),
    twoFactorSection(section),
    passkeysSection(section),
    devicesSection(section),
    providersSection(section),
    connectedAppsSection(section),
    section('Delete account', [h('p', {}, 'This deletes your account, posts and follows. It cannot be undone.'),
      ...field(`Type your username (${me.username}) to confirm`, { name: 'confirm' }),
      h('button', { type: 'submit', class: 'danger' }, 'Delete my account')],
      async (f) => {
        if (f.confirm.value !== me.username) throw new Error('Type your username to confirm.');
        await api('DELETE', `/api/v1/users/${me.id}`);
        session.me = null;
        go('/signup');
        return '';
      })];
  const bioBox = sections.find((s) => s?.id === 'settings-bio')?.querySelector('textarea[name=bio]');
  if (bioBox) bioBox.value = me.bio || '';
  page('Settings', h('div', { class: 'settings' }, sectionsNav(sections), h('div', { class: 'settings-sections' }, ...sections)));
}
