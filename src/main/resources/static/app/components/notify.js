// The "Notifications" link of the header with the unread count, kept live: a notificationAdded subscription (the
// same live connection as the timeline's) asks for the count again on each event, and the notifications page
// sets it when it marks them read.
import { gql, subscribe } from '../api.js';
import { h } from '../dom.js';

let count = 0;
let live = null;
// the badge is shown, not read: the link's name says the count in words
const badge = h('span', { class: 'badge', hidden: true, 'aria-hidden': 'true' });
let link = null;
const name = () => (count ? `Notifications, ${count} unread` : 'Notifications');

/**
 * The header's link; its accessible name is "Notifications" or "Notifications, 3 unread" (an aria-label: a hidden
 * text inside the link would be read with a space before its comma, since Chromium spaces out blockified children).
 */
export function notificationsLink(current) {
  link = h('a', { href: '/notifications', class: 'notifications-link', 'aria-current': current ? 'page' : null,
    'aria-label': name() }, 'Notifications', badge);
  return link;
}

export function setUnread(n) {
  count = n;
  badge.textContent = n > 99 ? '99+' : String(n);
  badge.hidden = n === 0;
  link?.setAttribute('aria-label', name());
}

export async function refreshUnread() {
  try {
    setUnread((await gql('{ unreadNotificationCount }')).unreadNotificationCount);
  } catch { /* the count stays as it was; the next event or page tries again */ }
}

const listeners = new Set();

/** Calls listener with each new (or grown) notification; returns the function that stops it. */
export function whenNotificationAdded(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Starts (once per signed-in person) the live count; stopUnread() when they sign out. */
export function startUnread() {
  if (live) return;
  refreshUnread();
  live = subscribe('subscription { notificationAdded { id type count } }', (data) => {
    refreshUnread();
    listeners.forEach((listener) => listener(data.notificationAdded));
  }, { onUp: refreshUnread });
}

export function stopUnread() {
  live?.stop();
  live = null;
  setUnread(0);
}

export const unread = () => count;
