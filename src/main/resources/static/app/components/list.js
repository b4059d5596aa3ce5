// A list drawn page by page from the API: the first page, then a "Load more" button while the API gives a
// _links.next (an opaque cursor URL), a loading state and an empty state.
import { api } from '../api.js';
import { h } from '../dom.js';

/**
 * pagedList({ url, render, empty, noun, tag }): render(item) draws one item; empty is the text when there are none;
 * noun names the items in the button ("Load more posts"). Returns { element, load, prepend, reload }.
 */
export function pagedList({ url, render, empty, noun, tag = 'div', label }) {
  const list = h(tag, { class: tag === 'ul' ? 'people' : 'items', 'aria-label': tag === 'div' ? null : label });
  const status = h('p', { class: 'status', role: 'status' });
  const more = h('button', { type: 'button', class: 'secondary', hidden: true, onclick: () => load() }, `Load more ${noun}`);
  const seen = new Set();
  let next = url;
  let loading = false;

  const add = (item, atTop) => {
    if (item.id != null && seen.has(String(item.id))) return false;
    if (item.id != null) seen.add(String(item.id));
    atTop ? list.prepend(render(item)) : list.append(render(item));
    status.textContent = '';
    return true;
  };

  async function load() {
    if (!next || loading) return;
    loading = true;
    more.hidden = true;
    status.textContent = 'Loading…';
    try {
      const body = await api('GET', next);
      body.items.forEach((item) => add(item, false));
      next = body._links?.next || null;
      status.textContent = list.children.length ? '' : empty;
    } catch (error) {
      status.textContent = `Could not load: ${error.message}`;
    }
    more.hidden = !next;
    loading = false;
  }

  /** Fetches the first page again (after a reconnection): new items are added at the top, the rest is kept. */
  async function refresh() {
    try {
      const body = await api('GET', url);
      [...body.items].reverse().forEach((item) => add(item, true));
    } catch { /* the next refresh or Load more will say so */ }
  }

  return { element: h('div', {}, list, status, more), load, prepend: (item) => add(item, true), refresh };
}
