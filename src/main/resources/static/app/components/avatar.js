// A small round avatar beside a name: the image when the person has one (REST says so with _links.avatar, GraphQL
// with avatarUrl), otherwise their initial on a coloured disc, so no request is made for an image that is not there.
// Decorative (alt="" / aria-hidden): the name is always next to it.
import { h } from '../dom.js';

export function avatarOf(user, { size = 'small' } = {}) {
  const url = user.avatarUrl || user._links?.avatar;
  if (url) return h('img', { class: `avatar ${size}`, src: url, alt: '', loading: 'lazy' });
  const initial = [...(user.name || user.username || '?').trim()][0]?.toUpperCase() || '?';
  return h('span', { class: `avatar ${size} initial`, 'aria-hidden': 'true' }, initial);
}
