// Notifications: who followed you, replied to or mentioned you, or liked your posts, newest first; likes of one
// post and follows come grouped ("Ana and 2 others liked your post"). Opening the page marks them read.
import { api, gql } from '../api.js';
import { h } from '../dom.js';
import { page, onLeave } from '../shell.js';
import { timeAgo } from '../components/time.js';
import { setUnread, whenNotificationAdded } from '../components/notify.js';

// Written out, so AppGraphQlDocumentsTest runs this very document against the server's limits.
export const QUERY = 'query($n: Int, $after: String) { notifications(first: $n, after: $after) { id type count read cursor updatedAt actors { id username name } post { id title author { username } } } }';
export const PAGE = 20;

export async function notificationsPage() {
  const list = h('ul', { class: 'notifications', 'aria-label': 'Notifications' });
  const status = h('p', { class: 'status', role: 'status' }, 'Loading…');
  const more = h('button', { type: 'button', class: 'secondary', hidden: true }, 'Load more notifications');
  const shown = new Map();
  let cursor = null;

  const draw = (n, atTop) => {
    const item = item_(n);
    const old = shown.get(n.id);
    if (old) old.remove();
    shown.set(n.id, item);
    atTop ? list.prepend(item) : list.append(item);
  };
  const load = async () => {
    more.disabled = true;
    try {
      const page_ = (await gql(QUERY, { n: PAGE + 1, after: cursor })).notifications;
      page_.slice(0, PAGE).forEach((n) => draw(n, false));
      cursor = page_.slice(0, PAGE).at(-1)?.cursor ?? cursor;
      more.hidden = page_.length <= PAGE;
      status.textContent = shown.size ? '' : 'Nothing yet: when someone follows you, replies to you, mentions you or likes your post, it shows here.';
    } catch (error) {
      status.textContent = error.message;
    } finally { more.disabled = false; }
  };
  more.addEventListener('click', load);
  page('Notifications', status, list, more);
  await load();
  // what is shown is now read: the header's count goes to what is left (zero, unless more arrived meanwhile)
  try {
    setUnread((await api('POST', '/api/v1/notifications/read', { ids: [...shown.keys()] })).unread_count);
  } catch { /* they stay unread: shown again as new next time */ }
  // new ones while the page is open go on top (a growing group moves up), and are read since they are seen
  let stopped = false;
  const stop = whenNotificationAdded(async (added) => {
    if (stopped) return;
    const fresh = (await gql(QUERY, { n: 5, after: null })).notifications.find((n) => n.id === added.id);
    if (fresh && !stopped) {
      draw(fresh, true);
      status.textContent = '';
    }
  });
  onLeave(() => { stopped = true; stop(); });
}

const VERB = { FOLLOW: 'followed you', REPLY: 'replied to your post', MENTION: 'mentioned you', LIKE: 'liked your post' };

function who(n) {
  const [first] = n.actors;
  const name = first ? first.name : 'Someone';
  const others = n.count - 1;
  if (others <= 0) return name;
  return others === 1 && n.actors[1] ? `${name} and ${n.actors[1].name}` : `${name} and ${others} others`;
}

function item_(n) {
  const post = n.post;
  const text = `${who(n)} ${VERB[n.type]}`;
  const link = post ? h('a', { href: `/u/${post.author.username}/posts/${post.id}` }, post.title) : null;
  const actor = n.actors[0];
  return h('li', { class: `notification${n.read ? '' : ' unread'}`, 'data-id': n.id },
    h('p', {}, actor ? h('a', { href: `/u/${actor.username}`, dir: 'auto' }, text) : text,
      link ? ': ' : null, link, n.read ? null : h('span', { class: 'visually-hidden' }, ' (new)')),
    h('p', { class: 'meta' }, timeAgo(n.updatedAt)));
}
