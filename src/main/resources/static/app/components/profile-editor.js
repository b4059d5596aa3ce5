// "Edit profile" on one's own profile: name, bio and avatar in place, without a trip to Settings (which keeps the
// same fields among the rest). Name and bio go in one PATCH; a chosen image is uploaded after it. The API's
// messages show under the fields; Cancel (or a save) closes the form and gives the focus back to the button.
import { api } from '../api.js';
import { h, field, showError, errorBox, clearFieldErrors } from '../dom.js';
import { session } from '../shell.js';

export function profileEditor(user, onSaved) {
  const formId = `profile-editor-${user.id}`;
  const toggle = h('button', { type: 'button', class: 'secondary small', 'aria-expanded': 'false', 'aria-controls': formId },
    'Edit profile');
  const errors = errorBox();
  const form = h('form', { novalidate: true, 'aria-label': 'Edit profile', id: formId, hidden: true, class: 'profile-editor' },
    errors,
    field('Name', { name: 'name', id: 'profile-name', value: user.name, required: true, maxlength: 100, hint: 'Up to 100 characters.' }),
    field('Bio', { name: 'bio', id: 'profile-bio', multiline: true, maxlength: 300, hint: 'Up to 300 characters. Leave it empty for none.' }),
    field('Avatar (PNG, JPEG or WebP, up to 5 MB)', { name: 'file', id: 'profile-avatar', type: 'file', accept: 'image/*' }),
    h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Save profile'),
      h('button', { type: 'button', class: 'secondary', onclick: () => close() }, 'Cancel')));
  form.elements.bio.value = user.bio || '';
  const open = () => {
    form.hidden = false;
    toggle.setAttribute('aria-expanded', 'true');
    form.elements.name.focus();
  };
  const close = () => {
    form.hidden = true;
    toggle.setAttribute('aria-expanded', 'false');
    toggle.focus();
  };
  toggle.addEventListener('click', () => (form.hidden ? open() : close()));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    errors.hidden = true;
    clearFieldErrors(form);
    try {
      const saved = await api('PATCH', `/api/v1/users/${user.id}`, { name: form.elements.name.value, bio: form.elements.bio.value });
      let avatarUrl = session.me.avatarUrl;
      const file = form.elements.file.files[0];
      if (file) {
        const data = new FormData();
        data.append('file', file, file.name);
        await api('POST', `/api/v1/users/${user.id}/avatar`, data);
        avatarUrl = `/api/v1/users/${user.id}/avatar`;
      }
      session.me = { ...session.me, name: saved.name, bio: saved.bio || null, avatarUrl };
      onSaved();
    } catch (error) { showError(errors, error, form); }
  });
  return [toggle, form];
}
