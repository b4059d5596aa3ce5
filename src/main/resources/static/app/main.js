// The Roost web app: the router and the navigation. Pages are in pages/, the parts they share in components/.
import { api, whenSessionExpires } from './api.js';
import { h } from './dom.js';
import { session, go, page, setRouter, leave } from './shell.js';
import { signIn, signUp, signOut } from './pages/signin.js';
import { home } from './pages/home.js';
import { people } from './pages/people.js';
import { profile } from './pages/profile.js';
import { settings } from './pages/settings.js';

const nav = document.getElementById('nav');

setRouter(route);
whenSessionExpires(() => { session.me = null; go('/login?expired'); });

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

function drawNav() {
  const me = session.me;
  nav.replaceChildren(...(me
    ? [h('a', { href: '/' }, 'Home'), h('a', { href: '/people' }, 'People'), h('a', { href: `/u/${me.username}` }, 'Profile'),
      h('a', { href: '/settings' }, 'Settings'), h('button', { type: 'button', class: 'secondary', onclick: signOut }, 'Sign out')]
    : [h('a', { href: '/login' }, 'Sign in'), h('a', { href: '/signup' }, 'Sign up')]));
}

async function whoAmI() {
  try {
    const result = await api('POST', '/graphql', { query: '{ me { id username name } }' }, { quiet401: true });
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
  const open = { '/login': signIn, '/signup': signUp };
  if (open[path]) return open[path]();
  if (!session.me) return go('/login');
  if (path === '/') return home();
  if (path === '/people') return people();
  if (path === '/settings') return settings();
  const profileMatch = path.match(/^\/u\/([^/]+)$/);
  if (profileMatch) return profile(decodeURIComponent(profileMatch[1]));
  page('Not found', h('p', {}, 'There is no such page.'));
}

route();
