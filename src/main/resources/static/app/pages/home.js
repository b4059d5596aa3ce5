// The home timeline: the composer, the feed page by page, new posts live.
import { api, subscribe } from '../api.js';
import { h } from '../dom.js';
import { page, onLeave } from '../shell.js';
import { postCard } from '../components/post.js';
import { composer } from '../components/composer.js';

export function home() {
  const list = h('section', { 'aria-live': 'polite', 'aria-label': 'Timeline' });
  const status = h('p', { class: 'status', role: 'status' }, 'Loading…');
  onLeave(() => { status.textContent = ''; });
  const seen = new Set();
  const add = (post, atTop) => {
    if (seen.has(post.id)) return;
    seen.add(post.id);
    if (seen.size === 1) status.textContent = '';
    atTop ? list.prepend(postCard(post)) : list.append(postCard(post));
  };
  let next = '/api/v1/feed?limit=20';
  let loading = false;
  const more = async () => {
    if (!next || loading) return;
    loading = true;
    status.textContent = 'Loading…';
    try {
      const body = await api('GET', next);
      body.items.forEach((post) => add(post, false));
      next = body._links.next || null;
      status.textContent = next ? '' : (seen.size ? 'You have reached the end.' : 'Nothing here yet: post something or follow people.');
    } catch (error) { status.textContent = `Could not load the timeline: ${error.message}`; }
    loading = false;
  };
  const sentinel = h('div', { 'aria-hidden': 'true' });
  const observer = new IntersectionObserver((entries) => { if (entries.some((e) => e.isIntersecting)) more(); });
  observer.observe(sentinel);
  const live = subscribe('subscription { feedPostCreated { id title body createdAt author { username name } } }',
    (data) => add(data.feedPostCreated, true));
  onLeave(() => observer.disconnect());
  onLeave(live.stop);
  page('Home', composer((post) => add(post, true)), h('h2', {}, 'Timeline'), list, status, sentinel);
}
