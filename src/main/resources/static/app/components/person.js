// A person in a list: avatar, name linking to the profile, @username, and Follow / Unfollow.
import { h } from '../dom.js';
import { avatarOf } from './avatar.js';
import { followButton } from './follow.js';

export function personItem(user) {
  return h('li', { class: 'person' }, avatarOf(user),
    h('span', { class: 'person-names' }, h('a', { href: `/u/${user.username}`, dir: 'auto' }, user.name),
      h('span', { class: 'username' }, ` @${user.username}`)),
    followButton(user));
}
