// One post: title, body, author and time; the signed-in person's own posts can be edited and deleted in place.
import { api } from '../api.js';
import { h, field, showError, errorBox, clearFieldErrors } from '../dom.js';
import { session, go } from '../shell.js';
import { replyControl, threadLink } from './reply.js';
import { timeAgo } from './time.js';
import { avatarOf } from './avatar.js';
import { withMentions } from './mentions.js';
import { likeControl } from './like.js';

// User text is shown with dir="auto": each element is a bidirectional isolate (HTML gives an element with a dir
// attribute unicode-bidi: isolate), so a name or post in one direction cannot reorder the text around it.
/** The address of a post's own page, to link to. */
export function postHref(post) {
  return `/u/${post.author.username}/posts/${post.id}`;
}

export function postCard(post, { standalone = false, onReplied } = {}) {
  // a reply made here opens the thread, where it shows, unless the caller shows it itself (the thread page)
  onReplied ||= (reply) => go(postHref(reply));
  // focusable as a unit: j and k move between posts (keys.js)
  const card = h('article', { class: 'post', 'data-id': post.id, tabindex: 0, 'aria-label': post.title });
  const path = `/api/v1/users/${session.me?.id}/posts/${post.id}`;
  const mine = session.me && post.author?.username === session.me.username;
  // made once: it keeps its state (and its one request) when the post is redrawn after an edit
  const likes = likeControl(post);

  const show = (focus) => {
    const author = post.author;
    const edit = h('button', { type: 'button', class: 'secondary small', onclick: editing }, 'Edit');
    const reply = session.me ? replyControl(post, onReplied) : null;
    const actions = h('div', { class: 'actions' }, reply?.button, threadLink(post, standalone),
      mine ? edit : null, mine ? h('button', { type: 'button', class: 'secondary small', onclick: confirming }, 'Delete') : null);
    card.setAttribute('aria-label', post.title);
    // replaceChildren would print an absent part (null) as the text "null": they are left out
    card.replaceChildren(...[
      // a reply written in the reply box is all title (its first line): its mentions are linked there too
      h('h3', { dir: 'auto' }, ...withMentions(post.title, post.mentions || [])),
      post.body ? h('p', { dir: 'auto' }, ...withMentions(post.body, post.mentions || [])) : null,
      h('p', { class: 'meta' }, avatarOf(author), h('a', { href: `/u/${author.username}`, dir: 'auto' }, author.name), ' ', h('span', { class: 'username' }, `@${author.username}`), ' · ',
        // the time links to the post's own page (as on other microblogs), except on that page
        standalone ? timeAgo(post.created_at || post.createdAt)
          : h('a', { href: postHref(author ? { ...post, author } : post), class: 'permalink' }, timeAgo(post.created_at || post.createdAt))),
      h('div', { class: 'post-controls' }, likes),
      actions, reply?.holder].filter(Boolean));
    if (focus) edit.focus();
  };

  const editing = () => {
    const errors = errorBox();
    const form = h('form', { novalidate: true, 'aria-label': 'Edit post' },
      field('Title', { name: 'title', id: `edit-title-${post.id}`, value: post.title, required: true, maxlength: 200 }),
      field('Body', { name: 'body', id: `edit-body-${post.id}`, multiline: true }),
      h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Save'),
        h('button', { type: 'button', class: 'secondary', onclick: () => show(true) }, 'Cancel')));
    form.elements.body.value = post.body || '';
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      errors.hidden = true;
      clearFieldErrors(form);
      try {
        const saved = await api('PATCH', path, { title: form.elements.title.value, body: form.elements.body.value });
        post = { ...post, title: saved.title, body: saved.body, mentions: saved.mentions };
        show(true);
      } catch (error) { showError(errors, error, form); }
    });
    card.replaceChildren(errors, form);
    form.elements.title.focus();
  };

  const confirming = () => {
    const errors = errorBox();
    const question = h('p', {}, 'Delete this post? This cannot be undone.');
    const yes = h('button', { type: 'button', class: 'danger small', onclick: async () => {
      try {
        await api('DELETE', path);
        card.replaceWith(h('p', { class: 'status', role: 'status' }, 'Post deleted.'));
      } catch (error) { showError(errors, error); }
    } }, 'Delete post');
    card.replaceChildren(h('h3', { dir: 'auto' }, post.title), errors, h('div', { class: 'confirm', role: 'group', 'aria-label': 'Confirm deletion' }, question,
      h('div', { class: 'actions' }, yes, h('button', { type: 'button', class: 'secondary small', onclick: () => show(true) }, 'Cancel'))));
    yes.focus();
  };

  show(false);
  return card;
}
