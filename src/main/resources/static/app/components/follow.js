// Follow / Unfollow beside a person. Whether I follow each person shown is asked in one GraphQL request per burst of
// buttons (the buttons a page of a list draws together), not one per person: requests made in the same tick are
// batched into one usersById(ids) field (not an alias per person: the server allows 15 aliases, and a list of 20
// people asked with 20 was refused), at most MAX_IDS ids a request.
import { gql } from '../api.js';
import { h } from '../dom.js';
import { session } from '../shell.js';
import { batched } from './batch.js';

export const MAX_IDS = 100; // usersById takes 1 to 100 ids
export const FOLLOWED_BY_ME = 'query($ids: [ID!]!) { usersById(ids: $ids) { id followedByMe } }';

const askFollowed = batched(async (ids) => {
  const data = await gql(FOLLOWED_BY_ME, { ids });
  return new Map(data.usersById.map((user) => [String(user.id), user.followedByMe]));
}, MAX_IDS, 'Could not tell whom you follow:');

function followedByMe(id) {
  return askFollowed(id).then(Boolean);
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
