// Relative times ("just now", "3 min", "2 h", "4 d", then a short date) in <time>, the exact local time in its
// title; every <time data-relative> on the page is brought up to date once a minute.
import { h } from '../dom.js';

export function relative(date, now = Date.now()) {
  const seconds = Math.max(0, (now - date.getTime()) / 1000);
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h`;
  if (seconds < 7 * 86400) return `${Math.floor(seconds / 86400)} d`;
  const sameYear = date.getFullYear() === new Date(now).getFullYear();
  return date.toLocaleDateString(undefined, sameYear ? { month: 'short', day: 'numeric' } : { year: 'numeric', month: 'short', day: 'numeric' });
}

export function timeAgo(iso) {
  const date = new Date(iso);
  return h('time', { datetime: iso, title: date.toLocaleString(), 'data-relative': true }, relative(date));
}

setInterval(() => {
  for (const element of document.querySelectorAll('time[data-relative]')) {
    element.textContent = relative(new Date(element.getAttribute('datetime')));
  }
}, 60_000);
