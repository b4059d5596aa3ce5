// The signed-out landing page at /: what Roost is, sign in or create an account, and the public timeline (everyone's
// recent posts, GET /api/v1/posts) to read before deciding. Read-only: the posts show their likes but offer no
// Like, Follow or Reply; those need an account. With public reading off (roost.public-reading) the timeline is not
// readable signed out, and the page says so instead.
import { api } from '../api.js';
import { h } from '../dom.js';
import { page } from '../shell.js';
import { postCard } from '../components/post.js';
import { pagedList } from '../components/list.js';

export async function landing() {
  const welcome = h('section', { class: 'welcome', 'aria-labelledby': 'welcome-heading' },
    h('h2', { id: 'welcome-heading' }, 'A small, open place to post'),
    h('p', {}, 'Roost is a microblog you can run yourself: post short notes, follow the people you want to hear from, ',
      'and see their posts arrive live on your home timeline. Like what you enjoy. No ads and no algorithm: ',
      'your timeline is the people you follow, newest first.'),
    h('p', {}, 'Apps can use it too, through a documented REST and GraphQL API with OAuth 2.0 sign-in.'),
    h('div', { class: 'actions' }, h('a', { href: '/signup', class: 'primary' }, 'Create an account'),
      h('a', { href: '/login' }, 'Sign in')));
  const recent = pagedList({ url: '/api/v1/posts?limit=20', render: postCard, noun: 'posts', tag: 'section',
    label: 'Recent posts', empty: 'No one has posted yet.', quiet401: true });
  page('Welcome to Roost', welcome, h('h2', {}, 'Recent posts'),
    h('p', { class: 'visitor-note' }, h('a', { href: '/login' }, 'Sign in'), ' to like, reply and follow.'),
    recent.element);
  await recent.load();
}
