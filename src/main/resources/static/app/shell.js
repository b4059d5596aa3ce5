// What every page shares: the signed-in person, navigation between pages, the page frame and clean-up on leaving.
import { h } from './dom.js';

export const session = { me: null };
const main = document.getElementById('main');
let router = () => {};
let cleanups = [];

export function setRouter(route) { router = route; }

export function go(path) {
  history.pushState(null, '', path);
  router();
}

/** Registers a function to run when the current page is left (a subscription to close, a timer to stop). */
export function onLeave(stop) { cleanups.push(stop); }

export function leave() {
  cleanups.forEach((stop) => stop());
  cleanups = [];
}

export function page(title, ...children) {
  document.title = `${title} · Roost`;
  // replaceChildren would print a null child as the text "null": absent parts (a note not shown) are left out
  main.replaceChildren(h('h1', { dir: 'auto' }, title), ...children.flat().filter((child) => child != null && child !== false));
  // the page starts at its top with the header in view; focus moves to main (for screen readers and keyboards)
  // without scrolling
  window.scrollTo(0, 0);
  main.focus({ preventScroll: true });
}
