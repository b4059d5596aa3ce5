// What every page shares: the signed-in person, navigation between pages, the page frame and clean-up on leaving.
import { h } from './dom.js';

// The signed-in person; whoever changes it (a new name or avatar in settings, signing out) has the header redrawn
let me = null;
let onMeChanged = () => {};
export const session = {
  get me() { return me; },
  set me(value) { me = value; onMeChanged(); },
};
export function whenMeChanges(listener) { onMeChanged = listener; }
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
