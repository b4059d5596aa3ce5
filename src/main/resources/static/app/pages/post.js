// A post's own page, to link to: /u/{username}/posts/{id}. The author's other posts are a link away.
import { gql } from '../api.js';
import { h } from '../dom.js';
import { page } from '../shell.js';
import { postCard } from '../components/post.js';

export async function postPage(username, id) {
  page('Post', h('p', { class: 'status', role: 'status' }, 'Loading…'));
  const query = 'query($id: ID!) { post(id: $id) { id title body createdAt author { id username name avatarUrl } } }';
  let post;
  try {
    post = (await gql(query, { id })).post;
  } catch (error) { return page('Post', h('p', { class: 'error', role: 'alert' }, error.message)); }
  // a post under another author's address is not this page's post: the address names both
  if (!post || post.author.username.toLowerCase() !== username.toLowerCase()) {
    return page('Not found', h('p', {}, 'There is no such post.'));
  }
  page(post.title, postCard(post, { standalone: true }),
    h('p', {}, h('a', { href: `/u/${post.author.username}` }, `More from ${post.author.name}`)));
}
