// The new-post form: posts as the signed-in person and hands the new post to onPosted.
import { api } from '../api.js';
import { h, field, showError, errorBox, clearFieldErrors } from '../dom.js';
import { session } from '../shell.js';

export function composer(onPosted) {
  const errors = errorBox();
  const form = h('form', { novalidate: true, 'aria-label': 'New post' },
    field('Title', { name: 'title', required: true, maxlength: 200, hint: 'Up to 200 characters.' }),
    field('Body', { name: 'body', multiline: true }),
    h('button', { type: 'submit' }, 'Post'));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    errors.hidden = true;
    clearFieldErrors(form);
    try {
      const post = await api('POST', `/api/v1/users/${session.me.id}/posts`, { title: form.title.value, body: form.body.value });
      onPosted({ ...post, author: session.me });
      form.reset();
    } catch (error) { showError(errors, error, form); }
  });
  return [errors, form];
}
