// The Roost web app: the router and the navigation. Pages are in pages/, the parts they share in components/.
import { api, whenSessionExpires, whenReauthenticationNeeded } from './api.js';
import { askToReauthenticate } from './reauth.js';
import { h } from './dom.js';
import { avatarOf } from './components/avatar.js';
import { session, go, page, setRouter, leave, whenMeChanges } from './shell.js';
import { signIn, signUp, signOut } from './pages/signin.js';
import { home } from './pages/home.js';
import { landing } from './pages/landing.js';
import { people } from './pages/people.js';
import { profile } from './pages/profile.js';
import { postPage } from './pages/post.js';
import { notificationsPage } from './pages/notifications.js';
import { notificationsLink, startUnread, stopUnread } from './components/notify.js';
import { postKeys } from './components/keys.js';
import { settings } from './pages/settings.js';
import { developerConsole } from './pages/console.js';
import { verifyEmail } from './pages/email.js';
import { forgotPassword, resetPassword } from './pages/recovery.js';

const nav = document.getElementById('nav');
const who = document.getElementById('who');

setRouter(route);
postKeys();
whenMeChanges(() => drawNav());
// An ended session anywhere (an answer, the live connection) leads to the sign-in page, which says why and comes
// back here once signed in.
whenSessionExpires(() => {
  // a visitor who was never signed in (a public page while public reading is off) is asked to sign in, not told
  // that a session ended
  const hadSession = session.me !== null;
  session.me = null;
  if (location.pathname === '/login') return;
  go(`/login?${hadSession ? 'expired&' : ''}next=${encodeURIComponent(location.pathname + location.search)}`);
});
whenReauthenticationNeeded(askToReauthenticate);

document.addEventListener('click', (event) => {
  const link = event.target.closest('a[href^="/"]');
  if (link && !link.dataset.external && !event.ctrlKey && !event.metaKey) {
    const path = link.getAttribute('href');
    if (['/graphiql', '/swagger-ui.html'].includes(path)) return;
    event.preventDefault();
    go(path);
  }
});
window.addEventListener('popstate', route);

// The header: the navigation (a bar at the bottom of a phone's screen, see app.css) and who is signed in.
function drawNav() {
  const me = session.me;
  const link = (href, text) => h('a', { href, 'aria-current': location.pathname === href ? 'page' : null }, text);
  document.body.classList.toggle('signed-in', Boolean(me));
  // the unread count is live while someone is signed in
  me ? startUnread() : stopUnread();
  nav.replaceChildren(...(me
    ? [link('/', 'Home'), link('/people', 'People'), notificationsLink(location.pathname === '/notifications'),
      link(`/u/${me.username}`, 'Profile'), link('/settings', 'Settings'), link('/apps', 'Apps')]
    : [link('/login', 'Sign in'), link('/signup', 'Sign up')]));
  who.replaceChildren(...(me
    ? [avatarOf(me), h('span', { class: 'who-name' }, h('span', { dir: 'auto' }, me.name), ' ', h('span', { class: 'who-username' }, `@${me.username}`)),
      h('button', { type: 'button', class: 'secondary small', onclick: signOut }, 'Sign out')]
    : []));
}

async function whoAmI() {
  try {
    const result = await api('POST', '/graphql', { query: '{ me { id username name bio avatarUrl email emailVerified } }' }, { quiet401: true });
    return result.data?.me || null;
  } catch {
    return null;
  }
}

async function route() {
  leave();
  const path = location.pathname;
  if (session.me === null) session.me = await whoAmI();
  drawNav();
  const open = { '/login': signIn, '/signup': signUp, '/verify-email': verifyEmail, '/forgot-password': forgotPassword,
    '/reset-password': resetPassword };
  if (open[path]) return open[path]();
  const postMatch = path.match(/^\/u\/([^/]+)\/posts\/(\d+)$/);
  const profileMatch = path.match(/^\/u\/([^/]+)$/);
  // signed out: the landing page, and profiles and posts to read (public reading); everything else asks to sign in
  if (!session.me && path === '/') return landing();
  if (!session.me && !postMatch && !profileMatch) return go(`/login?next=${encodeURIComponent(path + location.search)}`);
  if (path === '/') return home();
  if (path === '/people') return people();
  if (path === '/notifications') return notificationsPage();
  if (path === '/settings') return settings();
  if (path === '/apps') return developerConsole();
  if (postMatch) return postPage(decodeURIComponent(postMatch[1]), postMatch[2]);
  if (profileMatch) return profile(decodeURIComponent(profileMatch[1]));
  page('Not found', h('p', {}, 'There is no such page.'));
}

route();
