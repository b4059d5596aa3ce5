// The "Notifications" link of the header with the unread count, kept live: a notificationAdded subscription (the
// same live connection as the timeline's) asks for the count again on each event, and the notifications page
// sets it when it marks them read.
import { gql, subscribe } from '../api.js';
import { h } from '../dom.js';

let count = 0;
let live = null;
const badge = h('span', { class: 'badge', hidden: true });
const label = h('span', { class: 'visually-hidden' });

/** The header's link; its accessible name is "Notifications" or "Notifications, 3 unread". */
export function notificationsLink(current) {
  return h('a', { href: '/notifications', class: 'notifications-link', 'aria-current': current ? 'page' : null },
    'Notifications', label, badge);
}

export function setUnread(n) {
  count = n;
  badge.textContent = n > 99 ? '99+' : String(n);
  badge.hidden = n === 0;
  label.textContent = n ? `, ${n} unread` : '';
  badge.setAttribute('aria-hidden', 'true');
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
