// A list drawn page by page from the API: the first page, then a "Load more" button while the API gives a
// _links.next (an opaque cursor URL), a loading state and an empty state.
import { api } from '../api.js';
import { h } from '../dom.js';

/**
 * pagedList({ url, render, empty, noun, tag }): render(item) draws one item; empty is the text when there are none;
 * noun names the items in the button ("Load more posts"); quiet401: a 401 is this list's error to show (a visitor's
 * page while public reading is off), not an ended session. Returns { element, load, prepend, announce, refresh }.
 * prepend puts an item on top at once (one's own post); announce does so only while the top of the list is in view,
 * and otherwise counts it in a "N new posts" button, so what the person is reading is not pushed down.
 */
export function pagedList({ url, render, empty, noun, tag = 'div', label, quiet401 = false }) {
  const list = h(tag, { class: tag === 'ul' ? 'people' : 'items', 'aria-label': tag === 'div' ? null : label });
  const status = h('p', { class: 'status', role: 'status' });
  const moreText = `Load more ${noun}`;
  const more = h('button', { type: 'button', class: 'secondary', hidden: true, onclick: () => load() }, moreText);
  const pending = [];
  const pill = h('button', { type: 'button', class: 'new-items', hidden: true, onclick: () => showPending() });
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
      const body = await api('GET', next, undefined, { quiet401 });
      body.items.forEach((item) => add(item, false));
      next = body._links?.next || null;
      status.textContent = list.children.length ? '' : empty;
      more.textContent = moreText;
    } catch (error) {
      // the same page is asked again: the button says so, even before the first page ("Load more" would mislead)
      status.textContent = `Could not load ${noun}: ${error.message}`;
      more.textContent = 'Try again';
    }
    more.hidden = !next;
    loading = false;
  }

  /** Whether the top of the list is in view: a new item put there then pushes nothing the person is reading. */
  function topInView() {
    return list.getBoundingClientRect().top >= -40;
  }

  function announce(item) {
    if (item.id != null && (seen.has(String(item.id)) || pending.some((p) => String(p.id) === String(item.id)))) return;
    if (topInView() && !pending.length) { add(item, true); return; }
    pending.push(item);
    const one = noun.replace(/s$/, '');
    pill.textContent = `${pending.length} new ${pending.length === 1 ? one : noun}`;
    pill.hidden = false;
  }

  function showPending() {
    pending.splice(0).forEach((item) => add(item, true));
    pill.hidden = true;
    list.scrollIntoView({ block: 'start' });
    list.firstElementChild?.focus?.();
  }

  /** Fetches the first page again (after a reconnection): new items are added at the top, the rest is kept. */
  async function refresh() {
    try {
      const body = await api('GET', url);
      [...body.items].reverse().forEach((item) => add(item, true));
    } catch { /* the next refresh or Load more will say so */ }
  }

  return { element: h('div', {}, pill, list, status, more), load, prepend: (item) => add(item, true), announce, refresh };
}
