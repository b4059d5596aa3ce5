// The Roost web app: a router over a handful of pages, each drawn from the JSON API and GraphQL.
import { api, gql, subscribe, whenSessionExpires } from './api.js';
import { h, field, showError, errorBox, when } from './dom.js';

const main = document.getElementById('main');
const nav = document.getElementById('nav');
let me = null;
let cleanup = [];

whenSessionExpires(() => { me = null; go('/login?expired'); });

export function go(path) {
  history.pushState(null, '', path);
  route();
}

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

function page(title, ...children) {
  document.title = `${title} · Roost`;
  // replaceChildren would print a null child as the text "null": absent parts (a note not shown) are left out
  main.replaceChildren(h('h1', { dir: 'auto' }, title), ...children.filter((child) => child != null && child !== false));
  main.focus();
}

function drawNav() {
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
  cleanup.forEach((stop) => stop());
  cleanup = [];
  const path = location.pathname;
  if (me === null) me = await whoAmI();
  drawNav();
  const open = { '/login': signIn, '/signup': signUp };
  if (open[path]) return open[path]();
  if (!me) return go('/login');
  if (path === '/') return home();
  if (path === '/people') return people();
  if (path === '/settings') return settings();
  const profileMatch = path.match(/^\/u\/([^/]+)$/);
  if (profileMatch) return profile(decodeURIComponent(profileMatch[1]));
  page('Not found', h('p', {}, 'There is no such page.'));
}

function signIn() {
  const errors = errorBox();
  const note = location.search.includes('expired') ? h('p', { class: 'status', role: 'status' }, 'Your session has ended. Please sign in again.') : null;
  const form = h('form', { novalidate: true },
    field('Username', { name: 'username', autocomplete: 'username', required: true }),
    field('Password', { name: 'password', type: 'password', autocomplete: 'current-password', required: true }),
    h('button', { type: 'submit' }, 'Sign in'));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      me = await api('POST', '/login', { username: form.username.value, password: form.password.value }, { quiet401: true });
      go('/');
    } catch (error) { showError(errors, error); }
  });
  page('Sign in', note, errors, form, h('p', {}, 'New here? ', h('a', { href: '/signup' }, 'Create an account')));
}

function signUp() {
  const errors = errorBox();
  const form = h('form', { novalidate: true },
    field('Username', { name: 'username', autocomplete: 'username', required: true }),
    field('Name', { name: 'name', autocomplete: 'name', required: true }),
    field('Password', { name: 'password', type: 'password', autocomplete: 'new-password', required: true }),
    h('button', { type: 'submit' }, 'Sign up'));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const body = { username: form.username.value, name: form.name.value, password: form.password.value };
    try {
      await api('POST', '/api/v1/users', body);
      me = await api('POST', '/login', { username: body.username, password: body.password });
      go('/');
    } catch (error) { showError(errors, error); }
  });
  page('Sign up', errors, form, h('p', {}, 'Already have an account? ', h('a', { href: '/login' }, 'Sign in')));
}

async function signOut() {
  try { await api('POST', '/logout'); } catch { /* signed out either way */ }
  me = null;
  go('/login');
}

// User text is shown with dir="auto": each element is a bidirectional isolate (HTML gives an element with a dir
// attribute unicode-bidi: isolate), so a name or post in one direction cannot reorder the text around it.
function postCard(post) {
  const author = post.author;
  return h('article', { class: 'post', 'data-id': post.id },
    h('h3', { dir: 'auto' }, post.title),
    post.body ? h('p', { dir: 'auto' }, post.body) : null,
    h('p', { class: 'meta' }, 'by ', h('a', { href: `/u/${author.username}`, dir: 'auto' }, author.name), ' · ', when(post.created_at || post.createdAt)));
}

function home() {
  const errors = errorBox();
  const list = h('section', { 'aria-live': 'polite', 'aria-label': 'Timeline' });
  const status = h('p', { class: 'status', role: 'status' }, 'Loading…');
  cleanup.push(() => { status.textContent = ''; });
  const form = h('form', { novalidate: true, 'aria-label': 'New post' },
    field('Title', { name: 'title', required: true, maxlength: 200 }),
    field('Body', { name: 'body', multiline: true }),
    h('button', { type: 'submit' }, 'Post'));
  const seen = new Set();
  const add = (post, atTop) => {
    if (seen.has(post.id)) return;
    seen.add(post.id);
    if (seen.size === 1) status.textContent = '';
    atTop ? list.prepend(postCard(post)) : list.append(postCard(post));
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    errors.hidden = true;
    try {
      const post = await api('POST', `/api/v1/users/${me.id}/posts`, { title: form.title.value, body: form.body.value });
      add({ ...post, author: me }, true);
      form.reset();
    } catch (error) { showError(errors, error); }
  });
  let next = '/api/v1/feed?limit=20';
  let loading = false;
  const more = async () => {
    if (!next || loading) return;
    loading = true;
    status.textContent = 'Loading…';
    try {
      const body = await api('GET', next);
      body.items.forEach((post) => add(post, false));
      next = body._links.next || null;
      status.textContent = next ? '' : (seen.size ? 'You have reached the end.' : 'Nothing here yet: post something or follow people.');
    } catch (error) { status.textContent = `Could not load the timeline: ${error.message}`; }
    loading = false;
  };
  const sentinel = h('div', { 'aria-hidden': 'true' });
  const observer = new IntersectionObserver((entries) => { if (entries.some((e) => e.isIntersecting)) more(); });
  observer.observe(sentinel);
  const live = subscribe('subscription { feedPostCreated { id title body createdAt author { username name } } }',
    (data) => add(data.feedPostCreated, true));
  cleanup.push(() => observer.disconnect(), live.stop);
  page('Home', errors, form, h('h2', {}, 'Timeline'), list, status, sentinel);
}

async function people() {
  page('People', h('p', { class: 'status', role: 'status' }, 'Loading…'));
  try {
    const data = await gql('{ users(first: 100) { id username name } }');
    page('People', h('ul', { class: 'people' }, data.users.map((u) => h('li', {}, h('a', { href: `/u/${u.username}`, dir: 'auto' }, u.name), ` @${u.username}`))));
  } catch (error) { page('People', h('p', { class: 'error', role: 'alert' }, error.message)); }
}

async function profile(username) {
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
  const button = user.id === String(me.id) ? null : h('button', { type: 'button', onclick: async () => {
    try {
      await gql(`mutation($id: ID!) { ${user.followedByMe ? 'unfollow' : 'follow'}(userId: $id) { id } }`, { id: user.id });
      profile(username);
    } catch (error) { showError(errors, error); }
  } }, user.followedByMe ? 'Unfollow' : 'Follow');
  const names = (list) => h('ul', { class: 'people' }, list.map((u) => h('li', {}, h('a', { href: `/u/${u.username}`, dir: 'auto' }, u.name))));
  page(user.name,
    h('div', { class: 'profile' },
      h('img', { class: 'avatar', src: `/api/v1/users/${user.id}/avatar`, alt: `Avatar of ${user.name}`, onerror: (e) => { e.target.hidden = true; } }),
      h('div', {}, h('p', {}, `@${user.username}`),
        h('p', { class: 'counts' }, h('span', {}, `${user.followerCount} followers`), h('span', {}, `${user.followingCount} following`)),
        button)),
    errors,
    h('section', {}, h('h2', {}, 'Posts'), user.posts.length ? user.posts.map(postCard) : h('p', {}, 'No posts yet.')),
    h('section', {}, h('h2', {}, 'Followers'), names(user.followers)),
    h('section', {}, h('h2', {}, 'Following'), names(user.following)));
}

function settings() {
  const form = (label, children, submit) => {
    const errors = errorBox();
    const done = h('p', { class: 'status', role: 'status' });
    const element = h('form', { novalidate: true, 'aria-label': label }, ...children);
    element.addEventListener('submit', async (event) => {
      event.preventDefault();
      errors.hidden = true;
      done.textContent = '';
      try { done.textContent = await submit(element); } catch (error) { showError(errors, error); }
    });
    return h('section', {}, h('h2', {}, label), errors, element, done);
  };
  const preview = h('img', { class: 'avatar', src: `/api/v1/users/${me.id}/avatar`, alt: 'Avatar preview', onerror: (e) => { e.target.hidden = true; } });
  const avatarForm = form('Avatar', [preview, ...field('Image (PNG, JPEG or WebP, up to 5 MB)', { name: 'file', type: 'file', accept: 'image/*' }),
    h('button', { type: 'submit' }, 'Upload avatar')], async (f) => {
    const data = new FormData();
    data.append('file', f.file.files[0] || new Blob([]), f.file.files[0]?.name || 'empty');
    await api('POST', `/api/v1/users/${me.id}/avatar`, data);
    return 'Avatar saved.';
  });
  avatarForm.querySelector('input[type=file]').addEventListener('change', (event) => {
    const file = event.target.files[0];
    if (file) { preview.src = URL.createObjectURL(file); preview.hidden = false; }
  });
  page('Settings',
    form('Name', [...field('Name', { name: 'name', value: me.name, required: true }), h('button', { type: 'submit' }, 'Save name')],
      async (f) => { me = { ...me, ...(await api('PATCH', `/api/v1/users/${me.id}`, { name: f.name.value })) }; return 'Name saved.'; }),
    avatarForm,
    form('Password', [...field('Current password', { name: 'current', type: 'password', autocomplete: 'current-password' }),
      ...field('New password', { name: 'password', type: 'password', autocomplete: 'new-password' }),
      h('button', { type: 'submit' }, 'Change password')],
      async (f) => { await api('PATCH', `/api/v1/users/${me.id}`, { password: f.password.value, current_password: f.current.value }); return 'Password changed.'; }),
    form('Delete account', [h('p', {}, 'This deletes your account, posts and follows. It cannot be undone.'),
      ...field(`Type your username (${me.username}) to confirm`, { name: 'confirm' }),
      h('button', { type: 'submit', class: 'danger' }, 'Delete my account')],
      async (f) => {
        if (f.confirm.value !== me.username) throw new Error('Type your username to confirm.');
        await api('DELETE', `/api/v1/users/${me.id}`);
        me = null;
        go('/signup');
        return '';
      }));
}

route();
