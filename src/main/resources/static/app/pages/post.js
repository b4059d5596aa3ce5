// A post's own page, to link to: /u/{username}/posts/{id}. It is the post's thread: the chain above it (root
// first), the post, its replies (oldest first, "Load more replies") and a composer to answer it.
import { gql } from '../api.js';
import { h } from '../dom.js';
import { page } from '../shell.js';
import { postCard } from '../components/post.js';

// Written out (no interpolation), so AppGraphQlDocumentsTest runs these very documents against the server's limits.
export const THREAD = 'query($id: ID!, $n: Int) { post(id: $id) { id title body createdAt replyCount inReplyToId mentions { id username } author { id username name avatarUrl } ancestors { id title body createdAt replyCount inReplyToId mentions { id username } author { id username name avatarUrl } } replies(first: $n) { id title body createdAt replyCount inReplyToId mentions { id username } author { id username name avatarUrl } } } }';
export const MORE_REPLIES = 'query($id: ID!, $n: Int, $after: String) { post(id: $id) { replies(first: $n, after: $after) { id title body createdAt replyCount inReplyToId mentions { id username } author { id username name avatarUrl } } } }';
export const REPLIES = 20;

export async function postPage(username, id) {
  page('Post', h('p', { class: 'status', role: 'status' }, 'Loading…'));
  let post;
  try {
    post = (await gql(THREAD, { id, n: REPLIES + 1 })).post;
  } catch (error) { return page('Post', h('p', { class: 'error', role: 'alert' }, error.message)); }
  // a post under another author's address is not this page's post: the address names both
  if (!post || post.author.username.toLowerCase() !== username.toLowerCase()) {
    return page('Not found', h('p', {}, 'There is no such post.'));
  }
  const replies = h('div', { class: 'items replies' });
  const more = h('button', { type: 'button', class: 'secondary', hidden: true }, 'Load more replies');
  const shown = new Set();
  const addReplies = (items) => {
    items.slice(0, REPLIES).forEach((reply) => {
      if (shown.has(reply.id)) return;
      shown.add(reply.id);
      replies.append(postCard(reply));
    });
    more.hidden = items.length <= REPLIES;
  };
  more.addEventListener('click', async () => {
    const after = [...shown].at(-1);
    const next = await gql(MORE_REPLIES, { id: post.id, n: REPLIES + 1, after });
    addReplies(next.post?.replies || []);
  });
  addReplies(post.replies);
  // one's own reply made here shows at once at the end of the thread
  const main = postCard(post, { standalone: true, onReplied: (reply) => {
    shown.add(reply.id);
    replies.append(postCard(reply));
    empty.hidden = true;
  } });
  const empty = h('p', { class: 'status' }, 'No replies yet.');
  empty.hidden = post.replies.length > 0;
  page(post.title, above(post),
    main,
    h('section', { 'aria-label': 'Replies' }, h('h2', {}, 'Replies'), empty, replies, more),
    h('p', {}, h('a', { href: `/u/${post.author.username}` }, `More from ${post.author.name}`)));
}

/** The chain above the post; a deleted post in it (a reply whose parent is gone) is said, not hidden. */
function above(post) {
  if (!post.inReplyToId) return null;
  const chain = post.ancestors;
  const top = chain[0] || post;
  const deleted = top.inReplyToId
    ? h('p', { class: 'status deleted-post' }, 'This post was deleted.') : null;
  return h('section', { class: 'thread-above', 'aria-label': 'Earlier in the thread' }, deleted, ...chain.map((p) => postCard(p)));
}
