// "Reply" on a post: opens a small composer under it that posts an answer (in_reply_to) as the signed-in person.
import { api } from '../api.js';
import { h, field, showError, errorBox, clearFieldErrors } from '../dom.js';
import { session } from '../shell.js';

const BODY_MAX = 10_000;

/**
 * The "Reply" button and the place its composer opens; onReplied(reply) gets the new post (with its author).
 * The API wants a title: a reply's is its text's first line (up to 200 characters), so the person writes only once.
 */
export function replyControl(post, onReplied = () => {}) {
  const holder = h('div', { class: 'reply-holder' });
  // named "Reply" alone: the post it belongs to is its article (labelled by the post's title)
  const button = h('button', { type: 'button', class: 'secondary small', 'aria-expanded': 'false' }, 'Reply');
  const close = () => { holder.replaceChildren(); button.setAttribute('aria-expanded', 'false'); button.focus(); };
  button.addEventListener('click', () => {
    if (holder.firstChild) return close();
    button.setAttribute('aria-expanded', 'true');
    holder.replaceChildren(...replyForm(post, (reply) => { close(); onReplied(reply); }, close));
    holder.querySelector('textarea').focus();
  });
  return { button, holder };
}

function replyForm(post, onPosted, onCancel) {
  const errors = errorBox();
  const id = `reply-${post.id}-${Math.random().toString(36).slice(2, 8)}`;
  const form = h('form', { novalidate: true, 'aria-label': `Reply to ${post.author?.name || 'post'}`, class: 'reply-form' },
    field('Your reply', { name: 'body', id, multiline: true, required: true, maxlength: BODY_MAX,
      hint: 'Ctrl+Enter or ⌘+Enter sends it.' }),
    h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Post reply'),
      h('button', { type: 'button', class: 'secondary', onclick: onCancel }, 'Cancel')));
  form.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      form.requestSubmit();
    }
    if (event.key === 'Escape') onCancel();
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    errors.hidden = true;
    clearFieldErrors(form);
    const text = form.body.value.trim();
    if (!text) {
      showError(errors, { message: 'Write something first.', details: [{ field: 'body', message: 'must not be blank' }] }, form);
      return;
    }
    const title = [...text.split('\n')[0]].slice(0, 200).join('');
    try {
      const reply = await api('POST', `/api/v1/users/${session.me.id}/posts`,
        { title, body: text === title ? '' : text, in_reply_to: String(post.id) });
      onPosted({ ...reply, author: session.me });
    } catch (error) { showError(errors, error, form); }
  });
  return [errors, form];
}

/** "N replies" linking to the post's page (its thread), or nothing when it has none or that page is this one. */
export function threadLink(post, standalone) {
  const count = post.reply_count ?? post.replyCount ?? 0;
  if (!count || standalone || !post.author?.username) return null;
  return h('a', { href: `/u/${post.author.username}/posts/${post.id}`, class: 'replies-link' },
    count === 1 ? '1 reply' : `${count} replies`);
}
