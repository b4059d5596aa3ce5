// One post: title, body, author and time.
import { h } from '../dom.js';
import { timeAgo } from './time.js';

// User text is shown with dir="auto": each element is a bidirectional isolate (HTML gives an element with a dir
// attribute unicode-bidi: isolate), so a name or post in one direction cannot reorder the text around it.
export function postCard(post) {
  const author = post.author;
  return h('article', { class: 'post', 'data-id': post.id },
    h('h3', { dir: 'auto' }, post.title),
    post.body ? h('p', { dir: 'auto' }, post.body) : null,
    h('p', { class: 'meta' }, 'by ', h('a', { href: `/u/${author.username}`, dir: 'auto' }, author.name), ' · ', timeAgo(post.created_at || post.createdAt)));
}
