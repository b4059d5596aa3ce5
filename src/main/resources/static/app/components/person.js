// A person in a list: name linking to the profile, and (withUsername) the @username.
import { h } from '../dom.js';

export function personItem(user, { withUsername = false } = {}) {
  return h('li', {}, h('a', { href: `/u/${user.username}`, dir: 'auto' }, user.name), withUsername ? ` @${user.username}` : null);
}
