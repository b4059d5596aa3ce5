// A person in a list: name linking to the profile, and the @username.
import { h } from '../dom.js';

export function personItem(user, { withUsername = false } = {}) {
  return h('li', {}, h('a', { href: `/u/${user.username}`, dir: 'auto' }, user.name), withUsername ? ` @${user.username}` : null);
}

export function peopleList(users, options) {
  return h('ul', { class: 'people' }, users.map((user) => personItem(user, options)));
}
