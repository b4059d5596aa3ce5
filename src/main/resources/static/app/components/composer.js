// The new-post form: posts as the signed-in person and hands the new post to onPosted.
import { api } from '../api.js';
import { h, field, showError, errorBox, clearFieldErrors } from '../dom.js';
import { session } from '../shell.js';

const BODY_MAX = 10_000;

export function composer(onPosted) {
  const errors = errorBox();
  // how much is left, as one types (the API's limits: a title of 200 characters, a body of 10,000)
  const form = h('form', { novalidate: true, 'aria-label': 'New post' },
    field('Title', { name: 'title', required: true, maxlength: 200, hint: 'Up to 200 characters.' }),
    field('Body', { name: 'body', multiline: true, maxlength: BODY_MAX, hint: `${BODY_MAX.toLocaleString()} characters left` }),
    h('p', { class: 'hint' }, 'Ctrl+Enter or ⌘+Enter posts.'),
    h('button', { type: 'submit' }, 'Post'));
  const left = form.querySelector(`#${form.body.id}-hint`);
  const count = () => {
    const n = [...form.body.value].length;
    left.textContent = `${(BODY_MAX - n).toLocaleString()} characters left`;
    left.classList.toggle('over', n > BODY_MAX);
  };
  form.body.addEventListener('input', count);
  form.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  count();
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    errors.hidden = true;
    clearFieldErrors(form);
    const sent = { title: form.title.value, body: form.body.value };
    try {
      const post = await api('POST', `/api/v1/users/${session.me.id}/posts`, sent);
      onPosted({ ...post, author: session.me });
      // The live feed can show the post before this answer arrives, and the person may have begun the next one
      // meanwhile: clear a field only while it still holds what was sent, never what was typed since.
      if (form.title.value === sent.title) form.title.value = '';
      if (form.body.value === sent.body) form.body.value = '';
      count();
    } catch (error) { showError(errors, error, form); }
  });
  return [errors, form];
}
