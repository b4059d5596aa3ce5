// A person's profile: name, avatar, counts, Follow / Unfollow, posts, followers and following.
import { gql } from '../api.js';
import { h, showError, errorBox } from '../dom.js';
import { session, page } from '../shell.js';
import { postCard } from '../components/post.js';
import { personItem } from '../components/person.js';
import { pagedList } from '../components/list.js';
import { withMentions } from '../components/mentions.js';
import { tabs } from '../components/tabs.js';
import { profileEditor } from '../components/profile-editor.js';

export async function profile(username) {
  page(username, h('p', { class: 'status', role: 'status' }, 'Loading…'));
  const query = `query($u: String!) { userByUsername(username: $u) { id username name bio avatarUrl followerCount followingCount followedByMe } }`;
  let user;
  try {
    user = (await gql(query, { u: username })).userByUsername;
  } catch (error) { return page(username, h('p', { class: 'error', role: 'alert' }, error.message)); }
  if (!user) return page('Not found', h('p', {}, `There is no user called ${username}.`));
  const errors = errorBox();
  const mine = Boolean(session.me) && user.id === String(session.me.id);
  // signed out (public reading): no Follow; it needs an account, so the place of the button leads to signing in
  const signInToFollow = session.me ? null : h('p', { class: 'visitor-note' },
    h('a', { href: `/login?next=${encodeURIComponent(location.pathname)}` }, 'Sign in'), ` to follow ${user.name}.`);
  const button = mine || !session.me ? null : h('button', { type: 'button', onclick: async () => {
    try {
      await gql(`mutation($id: ID!) { ${user.followedByMe ? 'unfollow' : 'follow'}(userId: $id) { id } }`, { id: user.id });
      profile(username);
    } catch (error) { showError(errors, error); }
  } }, user.followedByMe ? 'Unfollow' : 'Follow');
  const base = `/api/v1/users/${user.id}`;
  const posts = pagedList({ url: `${base}/posts?limit=20`, render: (post) => postCard({ ...post, author: post.author || user }),
    noun: 'posts', label: 'Posts', empty: 'No posts yet.' });
  const followers = pagedList({ url: `${base}/followers?limit=20`, render: personItem, noun: 'followers', tag: 'ul',
    label: 'Followers', empty: 'No followers yet.' });
  const following = pagedList({ url: `${base}/following?limit=20`, render: personItem, noun: 'following', tag: 'ul',
    label: 'Following', empty: 'Not following anyone yet.' });
  page(user.name,
    h('div', { class: 'profile' },
      user.avatarUrl ? h('img', { class: 'avatar', src: user.avatarUrl, alt: `Avatar of ${user.name}` }) : null,
      h('div', {}, h('p', {}, `@${user.username}`),
        user.bio ? h('p', { class: 'bio', dir: 'auto' }, ...withMentions(user.bio)) : null,
        h('p', { class: 'counts' }, h('span', {}, `${user.followerCount} followers`), h('span', {}, `${user.followingCount} following`)),
        button, signInToFollow,
        mine ? profileEditor(user, () => profile(username)) : null)),
    errors,
    tabs([['Posts', posts], ['Followers', followers], ['Following', following]]));
  await Promise.all([posts.load(), followers.load(), following.load()]);
}
