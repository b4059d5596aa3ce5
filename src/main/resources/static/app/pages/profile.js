// A person's profile: name, avatar, counts, Follow / Unfollow, posts, followers and following.
import { gql } from '../api.js';
import { h, showError, errorBox } from '../dom.js';
import { session, page } from '../shell.js';
import { postCard } from '../components/post.js';
import { peopleList } from '../components/person.js';

export async function profile(username) {
  page(username, h('p', { class: 'status', role: 'status' }, 'Loading…'));
  const query = `query($u: String!) { userByUsername(username: $u) { id username name followerCount followingCount followedByMe
    posts(first: 50) { id title body createdAt author { username name } }
    followers(first: 50) { username name } following(first: 50) { username name } } }`;
  let user;
  try {
    user = (await gql(query, { u: username })).userByUsername;
  } catch (error) { return page(username, h('p', { class: 'error', role: 'alert' }, error.message)); }
  if (!user) return page('Not found', h('p', {}, `There is no user called ${username}.`));
  const errors = errorBox();
  const button = user.id === String(session.me.id) ? null : h('button', { type: 'button', onclick: async () => {
    try {
      await gql(`mutation($id: ID!) { ${user.followedByMe ? 'unfollow' : 'follow'}(userId: $id) { id } }`, { id: user.id });
      profile(username);
    } catch (error) { showError(errors, error); }
  } }, user.followedByMe ? 'Unfollow' : 'Follow');
  page(user.name,
    h('div', { class: 'profile' },
      h('img', { class: 'avatar', src: `/api/v1/users/${user.id}/avatar`, alt: `Avatar of ${user.name}`, onerror: (e) => { e.target.hidden = true; } }),
      h('div', {}, h('p', {}, `@${user.username}`),
        h('p', { class: 'counts' }, h('span', {}, `${user.followerCount} followers`), h('span', {}, `${user.followingCount} following`)),
        button)),
    errors,
    h('section', {}, h('h2', {}, 'Posts'), user.posts.length ? user.posts.map(postCard) : h('p', {}, 'No posts yet.')),
    h('section', {}, h('h2', {}, 'Followers'), peopleList(user.followers)),
    h('section', {}, h('h2', {}, 'Following'), peopleList(user.following)));
}
