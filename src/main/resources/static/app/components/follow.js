// Follow / Unfollow beside a person. Whether I follow each person shown is asked in one GraphQL request per burst of
// buttons (the buttons a page of a list draws together), not one per person: requests made in the same tick are
// batched into one query of aliased user(id) fields.
import { gql } from '../api.js';
import { h } from '../dom.js';
import { session } from '../shell.js';

let pending = null;

function followedByMe(id) {
  if (!pending) {
    pending = new Map();
    queueMicrotask(async () => {
      const batch = pending;
      pending = null;
      const ids = [...batch.keys()];
      const query = `query(${ids.map((_, i) => `$u${i}: ID!`).join(', ')}) { ${ids.map((_, i) => `u${i}: user(id: $u${i}) { followedByMe }`).join(' ')} }`;
      try {
        const data = await gql(query, Object.fromEntries(ids.map((id, i) => [`u${i}`, id])));
        ids.forEach((id, i) => batch.get(id).forEach(({ resolve }) => resolve(Boolean(data[`u${i}`]?.followedByMe))));
      } catch (error) {
        batch.forEach((waiters) => waiters.forEach(({ reject }) => reject(error)));
      }
    });
  }
  return new Promise((resolve, reject) => {
    const waiters = pending.get(id) || [];
    waiters.push({ resolve, reject });
    pending.set(id, waiters);
  });
}

/** A Follow / Unfollow button for the person (null for oneself); hidden until whether I follow them is known. */
export function followButton(user, { onChange = () => {} } = {}) {
  if (!session.me || String(user.id) === String(session.me.id)) return null;
  let following = false;
  const button = h('button', { type: 'button', class: 'secondary small follow', hidden: true });
  const draw = () => {
    button.textContent = following ? 'Unfollow' : 'Follow';
    button.setAttribute('aria-label', `${following ? 'Unfollow' : 'Follow'} ${user.name}`);
  };
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      await gql(`mutation($id: ID!) { ${following ? 'unfollow' : 'follow'}(userId: $id) { id } }`, { id: String(user.id) });
      following = !following;
      draw();
      onChange(following);
    } catch (error) {
      button.title = error.message;
    }
    button.disabled = false;
  });
  followedByMe(String(user.id)).then((value) => { following = value; draw(); button.hidden = false; }, () => {});
  return button;
}
