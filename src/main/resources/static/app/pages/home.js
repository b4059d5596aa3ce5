// The home timeline: the composer, the feed page by page, new posts live.
import { subscribe } from '../api.js';
import { h } from '../dom.js';
import { page, onLeave } from '../shell.js';
import { postCard } from '../components/post.js';
import { composer } from '../components/composer.js';
import { pagedList } from '../components/list.js';

export function home() {
  const feed = pagedList({ url: '/api/v1/feed?limit=20', render: postCard, noun: 'posts', tag: 'section', label: 'Timeline',
    empty: 'No posts yet: post something or follow people.' });
  feed.element.firstChild.setAttribute('aria-live', 'polite');
  // while the live connection is down a banner says so; once it is back the first page is read again, so a post
  // published meanwhile is not missed
  const banner = h('p', { class: 'banner', role: 'status' });
  const live = subscribe('subscription { feedPostCreated { id title body createdAt replyCount mentions { id username } author { id username name avatarUrl } } }',
    (data) => feed.announce(data.feedPostCreated),
    { onDown: () => { banner.textContent = 'Reconnecting…'; }, onUp: () => { banner.textContent = ''; feed.refresh(); } });
  onLeave(live.stop);
  page('Home', banner, composer((post) => feed.prepend(post)), h('h2', {}, 'Timeline'), feed.element);
  feed.load();
}
