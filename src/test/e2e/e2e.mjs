// Drives the web app in Debian's Chromium: node e2e.mjs <base-url> <screenshot-dir>. Exit code 0 when every check passed.
import { base, shots, PNG, check, person, axe, signUp, post, finish, visible, hidden, counted } from './harness.mjs';

const tag = Date.now().toString(36);
const ann = `ann${tag}`;
const ben = `ben${tag}`;
await finish(async () => {
  // sign-in page in a browser, wrong password
  const stranger = await person();
  const login = await stranger.page.goto('/login');
  check(login.headers()['content-type'].startsWith('text/html'), 'GET /login in a browser is the sign-in page');
  check(/script-src 'self'/.test(login.headers()['content-security-policy'] || ''), 'the app is served with a strict CSP');
  await stranger.page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await axe(stranger.page, 'sign-in');
  await stranger.page.screenshot({ path: `${shots}/sign-in-desktop.png` });
  await stranger.page.goto('/signup');
  await stranger.page.getByRole('heading', { name: 'Sign up' }).waitFor();
  await axe(stranger.page, 'sign-up');
  const hints = await stranger.page.locator('.hint').allInnerTexts();
  check(await stranger.page.getByLabel('Password').getAttribute('aria-describedby') === 'f-password-hint' && hints.some((t) => t.includes('8–256'))
    && hints.some((t) => t.includes('starting and ending with a letter or digit')), 'sign-up shows each field\'s rules before submitting');
  await stranger.page.getByLabel('Username').fill(`short${tag}`);
  await stranger.page.getByLabel('Name', { exact: true }).fill('Short');
  await stranger.page.getByLabel('Password').fill('short');
  await stranger.page.getByRole('button', { name: 'Sign up' }).click();
  const passwordError = stranger.page.locator('#f-password-error');
  await passwordError.waitFor();
  check(await passwordError.innerText() === 'Use at least 8 characters'
    && await stranger.page.getByLabel('Password').getAttribute('aria-invalid') === 'true'
    && (await stranger.page.getByLabel('Password').getAttribute('aria-describedby')).includes('f-password-error'),
    `a short password says so under the password field ("${await passwordError.innerText()}")`);
  await axe(stranger.page, 'sign-up with a field error');

  // sign up, post
  const a = await person();
  await signUp(a.page, ann);
  check(await visible(a.page.getByRole('banner').getByText(`@${ann}`)), 'the header shows who is signed in');
  check(await a.page.getByRole('banner').locator('.avatar.initial').innerText() === 'A', 'the header shows her initial while she has no avatar');
  await post(a.page, 'Hello from Ann', 'My first post');
  check(await visible(a.page.getByRole('heading', { name: 'Hello from Ann' })), 'a new post shows on the timeline');
  const stamp = a.page.locator('article', { has: a.page.getByRole('heading', { name: 'Hello from Ann' }) }).locator('time');
  check(await stamp.innerText() === 'just now' && Boolean(await stamp.getAttribute('title')) && !Number.isNaN(Date.parse(await stamp.getAttribute('datetime'))),
    `a new post shows a relative time ("${await stamp.innerText()}") with the exact time in its title and a datetime`);
  await a.page.getByRole('button', { name: 'Post' }).click();
  await a.page.getByRole('alert').filter({ hasText: /./ }).waitFor();
  const title = a.page.getByLabel('Title');
  check(await title.getAttribute('aria-invalid') === 'true', 'an empty title marks the Title field invalid');
  const titleError = await a.page.locator('#f-title-error').innerText();
  check(/(^|\s)f-title-error(\s|$)/.test(await title.getAttribute('aria-describedby')) && /\S/.test(titleError),
    `an empty title shows the API validation message under the field ("${titleError}")`);
  await post(a.page, 'Second from Ann', 'Fixed');
  check(await hidden(a.page.locator('#f-title-error')) && await title.getAttribute('aria-invalid') === null, 'a successful post clears the field error');
  await a.page.getByLabel('Title').fill('Posted with the keyboard');
  await a.page.getByLabel('Body').fill('abc');
  check(await visible(a.page.getByText('9,997 characters left')), 'the composer counts what is left of the body');
  await a.page.getByLabel('Body').press('Control+Enter');
  check(await visible(a.page.getByRole('heading', { name: 'Posted with the keyboard' })), 'Ctrl+Enter posts');
  // j and k move between the posts, each a focusable unit
  await a.page.evaluate(() => document.activeElement?.blur());
  const focusedPost = () => a.page.evaluate(() => document.activeElement?.closest('article')?.querySelector('h3')?.textContent);
  await a.page.keyboard.press('j');
  const firstFocused = await focusedPost();
  await a.page.keyboard.press('j');
  const secondFocused = await focusedPost();
  await a.page.keyboard.press('k');
  check(firstFocused === 'Posted with the keyboard' && secondFocused === 'Second from Ann' && await focusedPost() === firstFocused,
    `j and k move between posts (${firstFocused}, ${secondFocused})`);
  await axe(a.page, 'home');
  await a.page.screenshot({ path: `${shots}/home-desktop.png`, fullPage: true });
  const second = a.page.locator('article', { has: a.page.getByRole('heading', { name: 'Second from Ann' }) });
  await second.getByRole('button', { name: 'Edit' }).click();
  const editForm = a.page.getByRole('form', { name: 'Edit post' });
  await editForm.getByLabel('Title').fill('');
  await editForm.getByRole('button', { name: 'Save' }).click();
  await a.page.locator('[aria-invalid="true"]').waitFor();
  check(await editForm.getByLabel('Title').getAttribute('aria-invalid') === 'true', 'editing a post to an empty title is refused under the Title field');
  await axe(a.page, 'home while editing a post');
  await editForm.getByLabel('Title').fill('Second from Ann, edited');
  await editForm.getByLabel('Body').fill('Edited body');
  await editForm.getByRole('button', { name: 'Save' }).click();
  await a.page.getByRole('heading', { name: 'Second from Ann, edited' }).waitFor();
  check(await visible(a.page.getByText('Edited body')), 'one\'s own post can be edited in place');
  const edited = a.page.locator('article', { has: a.page.getByRole('heading', { name: 'Second from Ann, edited' }) });
  await edited.getByRole('button', { name: 'Delete' }).click();
  const confirmDelete = a.page.getByRole('group', { name: 'Confirm deletion' });
  await confirmDelete.getByRole('button', { name: 'Cancel' }).click();
  check(await visible(edited.getByRole('button', { name: 'Edit' })), 'cancelling a deletion keeps the post');
  await edited.getByRole('button', { name: 'Delete' }).click();
  await confirmDelete.getByRole('button', { name: 'Delete post' }).click();
  await a.page.getByText('Post deleted.').waitFor();
  await a.page.reload();
  await a.page.getByRole('heading', { name: 'Hello from Ann' }).waitFor();
  check(await a.page.getByRole('heading', { name: 'Second from Ann, edited' }).count() === 0, 'a deleted post stays gone after a reload');

  // wrong password, then sign in
  await stranger.page.goto('/login');
  await stranger.page.getByLabel('Username').fill(ann);
  await stranger.page.getByLabel('Password').fill('not the password at all');
  await stranger.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const alert = stranger.page.getByRole('alert');
  await alert.waitFor();
  check(/incorrect|invalid/i.test(await alert.innerText()), `a wrong password shows the API's message ("${(await alert.innerText()).trim()}")`);
  await stranger.page.getByLabel('Password').fill('a long enough password');
  await stranger.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await stranger.page.getByRole('heading', { name: 'Home' }).waitFor();
  check(await stranger.page.getByRole('heading', { name: 'Hello from Ann' }).waitFor({ timeout: 10000 }).then(() => true, () => false),
    'signing in shows the home timeline');

  // a second person follows the first from the profile page and sees her next post live
  const b = await person();
  await signUp(b.page, ben);
  await b.page.goto(`/u/${ann}`);
  await b.page.getByRole('button', { name: 'Follow' }).click();
  await b.page.getByRole('button', { name: 'Unfollow' }).waitFor();
  check(await visible(b.page.getByText('1 followers')), 'the profile counts the new follower');
  await axe(b.page, 'profile');
  await b.page.screenshot({ path: `${shots}/profile-desktop.png`, fullPage: true });
  // the live subscription is sent once the server has acknowledged the connection (api.js): wait for that frame
  const subscribed = b.page.waitForEvent('websocket', { timeout: 20000 }).then((ws) => ws.waitForEvent('framesent',
    { predicate: (frame) => /"type":"subscribe"/.test(String(frame.payload)), timeout: 20000 }));
  await b.page.getByRole('link', { name: 'Home' }).click();
  await b.page.getByRole('heading', { name: 'Hello from Ann' }).waitFor();
  await subscribed;
  await post(a.page, 'Live from Ann', 'Fresh');
  await b.page.getByRole('heading', { name: 'Live from Ann' }).waitFor({ timeout: 10000 });
  check(true, "the follower sees the first person's next post without a reload");

  // a post's own page, reached from its time, to link to
  const live = b.page.locator('article', { has: b.page.getByRole('heading', { name: 'Live from Ann' }) });
  await live.locator('a.permalink').click();
  check(await visible(b.page.getByRole('heading', { name: 'Live from Ann', level: 1 })) && /\/u\/[^/]+\/posts\/\d+$/.test(b.page.url()),
    "a post's time opens the post's own page");
  await axe(b.page, "a post's own page");
  await b.page.getByRole('link', { name: /^More from / }).click();
  await b.page.getByRole('heading', { name: 'Live from Ann' }).first().waitFor();
  await b.page.getByRole('link', { name: 'Home' }).click();
  await b.page.getByRole('heading', { name: 'Home' }).waitFor();

  // people, settings, avatar upload
  await b.page.getByRole('link', { name: 'People' }).click();
  await b.page.getByRole('heading', { name: 'People' }).waitFor();
  await axe(b.page, 'people');
  await a.page.getByRole('link', { name: 'Settings' }).click();
  await a.page.getByRole('heading', { name: 'Settings' }).waitFor();
  await a.page.getByRole('button', { name: 'Upload avatar' }).waitFor(); // the avatar section is there ...
  check(await hidden(a.page.getByRole('button', { name: 'Remove avatar' })), 'no "Remove avatar" without an avatar'); // ... without this
  await a.page.getByLabel(/^Image/).setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await a.page.getByRole('button', { name: 'Upload avatar' }).click();
  await a.page.getByRole('alert').filter({ hasText: /./ }).first().waitFor();
  check(await visible(a.page.getByRole('alert').first()), 'a file that is not an image shows the API error');
  await a.page.getByLabel(/^Image/).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await a.page.getByRole('button', { name: 'Upload avatar' }).click();
  await a.page.getByText('Avatar saved.').waitFor();
  await a.page.getByRole('banner').locator('img.avatar').waitFor();
  check(true, 'the header shows the new avatar at once');
  const avatar = await a.context.request.get(`/api/v1/users/${await a.page.evaluate(() => fetch('/graphql', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]*)/)[1]) }, body: JSON.stringify({ query: '{ me { id } }' }) }).then((r) => r.json()).then((j) => j.data.me.id))}/avatar`);
  check(avatar.status() === 200 && avatar.headers()['content-type'] === 'image/png', 'the uploaded avatar is served');
  await a.page.getByRole('button', { name: 'Remove avatar' }).click();
  await a.page.getByText('Avatar removed.').waitFor();
  await a.page.getByRole('banner').locator('.avatar.initial').waitFor();
  check(true, 'the header goes back to her initial');
  check((await a.context.request.get(avatar.url())).status() === 404, 'after Remove avatar the avatar is gone');
  await a.page.getByRole('button', { name: 'Upload avatar' }).click();
  await a.page.getByText('Avatar saved.').waitFor();
  await axe(a.page, 'settings');
  await a.page.screenshot({ path: `${shots}/settings-desktop.png`, fullPage: true });
  await a.context.setOffline(true);
  await a.page.getByRole('button', { name: 'Save name' }).click();
  const offline = a.page.getByRole('alert').filter({ hasText: /offline/ });
  await offline.waitFor();
  check((await offline.innerText()).includes('You seem to be offline. Check your connection and try again.'), 'a network failure says the person seems to be offline');
  await a.context.setOffline(false);
  await a.page.getByRole('form', { name: 'Password' }).getByLabel('Current password').fill('a long enough password');
  await a.page.getByLabel('New password').fill('short');
  await a.page.getByRole('button', { name: 'Change password' }).click();
  await a.page.locator('#f-password-error').waitFor();
  check(await a.page.getByLabel('New password').getAttribute('aria-invalid') === 'true'
    && await a.page.locator('#f-password-error').innerText() === 'Use at least 8 characters',
    `a short new password is shown under that field ("${await a.page.locator('#f-password-error').innerText()}")`);

  // sign-out: the old cookie is refused afterwards
  const cookies = await b.context.cookies();
  const session = cookies.find((c) => c.name === 'SESSION');
  await b.page.getByRole('button', { name: 'Sign out' }).click();
  await b.page.getByRole('heading', { name: 'Sign in' }).waitFor();
  const replay = await fetch(`${base}/api/v1/feed`, { headers: { Cookie: `SESSION=${session.value}`, Accept: 'application/json' } });
  check(replay.status === 401, `after sign-out the old session cookie is refused (${replay.status})`);

  // phone width
  const phone = await person({ width: 390, height: 844 });
  await phone.page.goto('/login');
  await phone.page.getByLabel('Username').fill(ann);
  await phone.page.getByLabel('Password').fill('a long enough password');
  await phone.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await phone.page.getByRole('heading', { name: 'Home' }).waitFor();
  const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
  check(width <= 390, `no horizontal scrolling at 390 px (${width})`);
  await axe(phone.page, 'home at phone width');
  await phone.page.screenshot({ path: `${shots}/home-phone.png`, fullPage: true });
  const inView = async (locator) => { const box = await locator.boundingBox(); return box !== null && box.y >= 0 && box.y + box.height <= 844; };
  const titleTop = (await phone.page.getByLabel('Title').boundingBox()).y;
  const phoneNav = phone.page.getByRole('navigation', { name: 'Main' });
  check(titleTop < 200 && await inView(phoneNav), `on a phone the composer starts near the top (${Math.round(titleTop)} px) and the navigation is on screen`);
  await phone.page.mouse.wheel(0, 2000);
  await phone.page.getByRole('link', { name: 'Settings' }).click();
  await phone.page.getByRole('heading', { name: 'Settings' }).waitFor();
  const [scrolled, focused] = await phone.page.evaluate(() => [window.scrollY, document.activeElement.id]);
  check(scrolled === 0 && focused === 'main' && await inView(phoneNav) && await inView(phone.page.getByRole('heading', { name: 'Settings' })),
    `a page opens at its top with main focused and the navigation in view (scrollY ${scrolled}, focus on #${focused})`);
  check(await phoneNav.getByRole('link', { name: 'Settings' }).getAttribute('aria-current') === 'page', 'the navigation marks the current page');
  await axe(phone.page, 'settings at phone width');
  await phone.page.screenshot({ path: `${shots}/settings-phone.png`, fullPage: true });
  await phone.page.goto(`/u/${ann}`);
  await phone.page.getByRole('tab', { name: 'Posts' }).waitFor();
  await phone.page.screenshot({ path: `${shots}/profile-phone.png`, fullPage: true });
  await phone.page.goto('/login');
  await stranger.page.setViewportSize({ width: 390, height: 844 });
  await stranger.page.getByRole('button', { name: 'Sign out' }).click();
  await stranger.page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await stranger.page.screenshot({ path: `${shots}/sign-in-phone.png` });

  // a long list: twenty posts a page, then "Load more" while the API has a next page
  const c = await person();
  const cat = `cat${tag}`;
  // the live connection goes through playwright, which can end it and refuse new ones (a server restart, a dead Wi-Fi)
  const liveSockets = [];
  let refuse = false;
  let refused = () => {};
  let opened = () => {};
  await c.page.routeWebSocket(/\/graphql$/, (ws) => {
    if (refuse) { ws.close({ code: 1001, reason: 'refused by the test' }); refused(); return; }
    ws.connectToServer();
    liveSockets.push(ws);
    opened();
  });
  await signUp(c.page, cat);
  check(await c.page.getByText('No posts yet').waitFor({ timeout: 10000 }).then(() => true, () => false), 'an empty timeline says there are no posts yet');
  await c.page.evaluate(async () => {
    const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]*)/)[1]);
    const headers = { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf };
    const me = (await (await fetch('/graphql', { method: 'POST', headers, body: JSON.stringify({ query: '{ me { id } }' }) })).json()).data.me;
    for (let i = 1; i <= 22; i++) {
      await fetch(`/api/v1/users/${me.id}/posts`, { method: 'POST', headers, body: JSON.stringify({ title: `Cat post ${i}`, body: '' }) });
    }
  });
  await c.page.reload();
  await c.page.getByRole('heading', { name: 'Cat post 22' }).waitFor();
  const loadMore = c.page.getByRole('button', { name: 'Load more posts' });
  check(await counted(c.page.locator('article'), 20) && await visible(loadMore), 'the timeline shows 20 posts and a Load more button');
  await loadMore.click();
  await c.page.getByRole('heading', { name: 'Cat post 1', exact: true }).waitFor();
  check(await counted(c.page.locator('article'), 22) && await hidden(loadMore), 'Load more adds the next page and then goes away');
  refuse = true;
  await liveSockets.at(-1).close({ code: 1001, reason: 'going away' });
  const reconnecting = c.page.getByRole('status').filter({ hasText: 'Reconnecting…' });
  await reconnecting.waitFor();
  check(true, 'a lost live connection shows "Reconnecting…"');
  await axe(c.page, 'home while reconnecting');
  await c.page.evaluate(async () => {
    const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]*)/)[1]);
    const headers = { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf };
    const me = (await (await fetch('/graphql', { method: 'POST', headers, body: JSON.stringify({ query: '{ me { id } }' }) })).json()).data.me;
    await fetch(`/api/v1/users/${me.id}/posts`, { method: 'POST', headers, body: JSON.stringify({ title: 'Posted while away', body: '' }) });
  });
  // at least one retry refused since the post: the app had its chance to reconnect and fetch, and could not
  await Promise.race([new Promise((resolve) => { refused = resolve; }), c.page.waitForTimeout(20000)]);
  check(await visible(reconnecting) && await c.page.getByRole('heading', { name: 'Posted while away' }).count() === 0,
    'while it cannot reconnect the banner stays');
  refuse = false;
  await c.page.getByRole('heading', { name: 'Posted while away' }).waitFor({ timeout: 20000 });
  check(await hidden(reconnecting), 'on reconnecting the banner goes and the timeline fetches what was missed');
  await c.page.goto(`/u/${cat}`);
  await c.page.getByRole('heading', { name: 'Cat post 22' }).waitFor();
  // the posts and the followers list load separately: each check waits for its own part
  check(await counted(c.page.locator('article'), 20) && await visible(c.page.getByRole('button', { name: 'Load more posts' })),
    'the profile pages its posts');
  // Posts, Followers and Following are tabs
  await c.page.getByRole('tab', { name: 'Followers' }).click();
  check(await visible(c.page.getByText('No followers yet.')) && await hidden(c.page.getByRole('button', { name: 'Load more posts' })),
    'the Followers tab says when there are no followers, and hides the posts');
  await c.page.getByRole('tab', { name: 'Followers' }).press('ArrowLeft');
  check(await c.page.getByRole('tab', { name: 'Posts' }).getAttribute('aria-selected') === 'true', 'arrow keys move between the tabs');
  await c.page.getByRole('button', { name: 'Load more posts' }).click();
  await c.page.getByRole('heading', { name: 'Cat post 1', exact: true }).waitFor();
  check(await counted(c.page.locator('article'), 23), 'Load more on the profile adds the older posts');
  await axe(c.page, 'profile with Load more');

  // the session ends while the live connection is open (a restart that lost the sessions): the home page sends the
  // person to sign in, with a sentence saying why, and back where they were once signed in
  const socketOpened = new Promise((resolve) => { opened = resolve; });
  await c.page.getByRole('link', { name: 'Home' }).click();
  await c.page.getByRole('heading', { name: 'Cat post 22' }).waitFor();
  await Promise.race([socketOpened, c.page.waitForTimeout(20000)]);
  await c.context.clearCookies();
  await liveSockets.at(-1).close({ code: 1012, reason: 'service restart' });
  check(await visible(c.page.getByText('Your session has ended. Please sign in again.'), 20000),
    'a live connection that ends with the session leads to the sign-in page, which says why');
  await c.page.getByLabel('Username').fill(cat);
  await c.page.getByLabel('Password').fill('a long enough password');
  await c.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  check(await visible(c.page.getByRole('heading', { name: 'Cat post 22' })), 'signing in again leads back to the home page');

  // dark mode (prefers-color-scheme) and every width without horizontal scrolling
  const dark = await person({ width: 1280, height: 800 }, { colorScheme: 'dark' });
  await dark.page.goto('/login');
  await dark.page.getByLabel('Username').fill(ann);
  await dark.page.getByLabel('Password').fill('a long enough password');
  await dark.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await dark.page.getByRole('heading', { name: 'Hello from Ann' }).waitFor();
  const background = await dark.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r, g, bl] = background.match(/\d+/g).map(Number);
  check(r + g + bl < 150, `dark mode follows prefers-color-scheme (body background ${background})`);
  await axe(dark.page, 'home in dark mode');
  for (const width of [320, 390, 768, 1280]) {
    await dark.page.setViewportSize({ width, height: 800 });
    const [scroll, inner] = await dark.page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
    check(scroll <= inner, `no horizontal scrolling on home at ${width} px (${scroll} <= ${inner})`);
  }
  await dark.page.setViewportSize({ width: 1280, height: 800 });
  await dark.page.getByRole('link', { name: 'Settings' }).click();
  await dark.page.getByRole('heading', { name: 'Settings' }).waitFor();
  await axe(dark.page, 'settings in dark mode');
  for (const width of [320, 390, 768, 1280]) {
    await dark.page.setViewportSize({ width, height: 800 });
    const [scroll, inner] = await dark.page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
    check(scroll <= inner, `no horizontal scrolling on settings at ${width} px (${scroll} <= ${inner})`);
  }
  await dark.page.setViewportSize({ width: 1280, height: 800 });
  await dark.page.getByRole('link', { name: 'Home' }).click();
  await dark.page.getByRole('heading', { name: 'Hello from Ann' }).waitFor();
  await dark.page.screenshot({ path: `${shots}/home-desktop-dark.png`, fullPage: true });

  // GraphiQL: loads without a console error (its fonts are allowed by its CSP) and says who is signed in, or how to sign in
  for (const [who, session] of [['signed in', a], ['signed out', await person()]]) {
    const errors = [];
    const listener = (message) => { if (message.type() === 'error') errors.push(message.text()); };
    session.page.on('console', listener);
    await session.page.goto('/graphiql');
    const line = session.page.locator('#roost-session');
    await line.waitFor();
    await session.page.locator('.graphiql-container').waitFor();
    await session.page.waitForLoadState('networkidle'); // its fonts and scripts loaded: any error has been logged
    session.page.off('console', listener);
    check(errors.length === 0, `GraphiQL ${who}: no console errors${errors.length ? ` (${errors.length}: ${errors[0].slice(0, 80)})` : ''}`);
    check(who === 'signed in' ? /Signed in as/.test(await line.innerText()) : /not signed in/.test(await line.innerText()),
      `GraphiQL ${who}: says so`);
  }

});
