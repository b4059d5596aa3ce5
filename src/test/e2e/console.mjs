// The developer console and Connected apps: a person registers an app (refused redirect URIs marked beside the
// field before anything is sent, and refused by the API too), copies its secret (shown once), makes a new one; another
// person sees none of it; the app gets a token through the consent page, which Settings lists until the person
// removes its access (the token is then refused); deleting the app asks first. Both pages in light and dark mode at
// 320, 390, 768 and 1280 px, axe (light and dark) each time. node console.mjs <base-url> <screenshot-dir>
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { base, shots, check, person, axe, signUp, finish, visible, counted } from './harness.mjs';

const tag = Date.now().toString(36);
const gil = `gil${tag}`;
const appName = `Gil's planner ${tag}`;
// the app: a loopback address that receives the authorization code, as a native app would (RFC 8252)
let code = null;
const app = createServer((request, response) => {
  const url = new URL(request.url, 'http://127.0.0.1');
  if (url.pathname === '/callback') code = url.searchParams.get('code');
  response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><html lang="en"><title>Planner</title><main><h1>Signed in</h1></main></html>');
});
await new Promise((resolve) => app.listen(0, '127.0.0.1', resolve));
const callback = `http://127.0.0.1:${app.address().port}/callback`;

async function token(clientId, secret, fields) {
  const response = await fetch(new URL('/oauth2/token', base), { method: 'POST', body: new URLSearchParams(fields),
    headers: { Authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` } });
  return { status: response.status, body: await response.json() };
}

/** At each of the four widths: no horizontal scrolling, and axe (which checks light and dark mode). */
async function everyWidth(page, name, ready) {
  for (const width of [320, 390, 768, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await ready();
    const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
    check(scroll <= inner, `no horizontal scrolling on ${name} at ${width} px (${scroll} <= ${inner})`);
    const [navScroll, navWidth] = await page.evaluate(() => [document.getElementById('nav').scrollWidth, document.getElementById('nav').clientWidth]);
    check(navScroll <= navWidth, `every navigation link is on screen at ${width} px (${navScroll} <= ${navWidth})`);
    await axe(page, `${name} at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

await finish(async () => {
  const { page } = await person({ width: 1280, height: 800 }, { permissions: ['clipboard-read', 'clipboard-write'] });
  await signUp(page, gil);
  await page.getByRole('link', { name: 'Apps' }).click();
  await page.getByRole('heading', { name: 'Developer console' }).waitFor();
  await page.getByText('You have no apps yet').waitFor();
  check(await page.getByRole('link', { name: 'Apps' }).getAttribute('aria-current') === 'page', 'the navigation marks Apps as the current page');
  const form = page.getByRole('form', { name: 'Register an app' });
  check(await visible(form.getByText('No fragment (#), no wildcard (*)')), 'the redirect URI rules are shown before submitting');
  await axe(page, 'the empty developer console');

  // refused addresses, each named beside the field, before anything is sent
  const uris = form.getByLabel('Redirect URIs');
  await form.getByLabel('Name', { exact: true }).fill(appName);
  await uris.fill('javascript:alert(1)\nhttps://planner.example/cb#top\nhttps://*.planner.example/cb\nhttp://planner.example/cb');
  const sent = [];
  page.on('request', (request) => { if (request.method() === 'POST' && request.url().endsWith('/api/v1/apps')) sent.push(request); });
  await form.getByRole('button', { name: 'Register app' }).click();
  await page.getByText('Please correct the fields marked below.').waitFor();
  const said = await form.locator('#f-redirect_uris-error').innerText();
  check(await uris.getAttribute('aria-invalid') === 'true' && (await uris.getAttribute('aria-describedby')).includes('f-redirect_uris-error'),
    'the redirect URIs are marked invalid, the message tied to the field');
  check(['“javascript:alert(1)” uses javascript:', 'fragment', 'wildcard', '“http://planner.example/cb” uses http'].every((part) => said.includes(part)),
    `each refused address is named with its reason (${said})`);
  check(sent.length === 0, 'nothing is sent while the form has problems');
  const api = await page.evaluate(async () => {
    const response = await fetch('/api/v1/apps', { method: 'POST', headers: { 'Content-Type': 'application/json',
      'X-XSRF-TOKEN': decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]*)/)[1]) },
    body: JSON.stringify({ name: 'x', redirect_uris: ['data:text/html,hi'], type: 'public', scopes: ['openid'] }) });
    return [response.status, (await response.json()).error.details[0].field];
  });
  check(api[0] === 400 && api[1] === 'redirect_uris', 'the API refuses a data: redirect URI too');
  await axe(page, 'the console with refused redirect URIs');

  // registered: the secret shown once, copied
  await uris.fill(`https://planner.example/callback\n${callback}`);
  await form.getByLabel(/^Read posts/).check();
  await form.getByRole('button', { name: 'Register app' }).click();
  const once = page.getByRole('group', { name: `Secret of ${appName}` });
  await once.waitFor();
  check(await uris.getAttribute('aria-invalid') === null, 'the field is no longer marked once it is right');
  const secret = (await once.locator('code').innerText()).trim();
  await once.getByRole('button', { name: 'Copy secret' }).click();
  await once.getByText('Copied.').waitFor();
  check(await page.evaluate(() => navigator.clipboard.readText()) === secret, 'Copy secret puts the secret on the clipboard');
  const entry = page.getByRole('list', { name: 'Your apps' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: appName }) });
  const clientId = (await entry.locator('p code').first().innerText()).trim();
  check(/^[\w-]{8,}$/.test(clientId), `the client id is shown (${clientId})`);
  await axe(page, 'the console with a new secret');
  await page.screenshot({ path: `${shots}/console-desktop.png`, fullPage: true });
  await page.reload();
  await entry.waitFor();
  check(!(await page.locator('body').innerText()).includes(secret), 'the secret is not shown again');

  // a new secret, after asking; the old one no longer authenticates the app
  await entry.getByRole('button', { name: `New secret for ${appName}` }).click();
  await entry.getByRole('button', { name: 'Cancel' }).click();
  await entry.getByRole('button', { name: `New secret for ${appName}` }).click();
  await entry.getByRole('button', { name: 'Make new secret' }).click();
  const rotated = (await page.getByRole('group', { name: `Secret of ${appName}` }).locator('code').innerText()).trim();
  check(rotated !== secret, 'a new secret is shown once');
  const old = await token(clientId, secret, { grant_type: 'authorization_code', code: 'x', redirect_uri: callback });
  check(old.status === 401 && old.body.error === 'invalid_client', `the old secret is refused (${old.status} ${old.body.error})`);

  // another person sees none of it
  const other = await person();
  await signUp(other.page, `hal${tag}`);
  await other.page.goto('/apps');
  await other.page.getByText('You have no apps yet').waitFor();
  const theirs = await other.page.evaluate((id) => fetch(`/api/v1/apps/${id}`).then((r) => r.status), clientId);
  check(theirs === 404, 'someone else\'s app is not found');
  await other.context.close();

  // the app asks Gil for consent (authorization code with PKCE), gets a token and uses it
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  await page.goto(`/oauth2/authorize?${new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: callback,
    scope: 'openid posts:read', state: tag, code_challenge: challenge, code_challenge_method: 'S256' })}`);
  const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
  await signIn.or(page.getByRole('button', { name: 'Allow' })).waitFor(); // a sign-in page, or consent at once
  if (await signIn.count()) {
    await page.getByLabel('Username').fill(gil);
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }
  await page.getByRole('button', { name: 'Allow' }).waitFor();
  check((await page.locator('main').innerText()).includes(`registered by ${gil}`), 'the consent page names the app\'s owner');
  await axe(page, 'the consent page of an app a person registered');
  const header = page.getByRole('navigation', { name: 'Main' });
  check(await counted(header.getByRole('link', { name: 'Home' }), 1) && await counted(header.getByRole('link', { name: 'Sign up' }), 0)
    && !(await page.locator('main').innerText()).includes('No account yet'), 'the consent page leads a signed-in person Home, not to sign up');
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.getByRole('heading', { name: 'Signed in' }).waitFor();
  const tokens = await token(clientId, rotated, { grant_type: 'authorization_code', code, redirect_uri: callback, code_verifier: verifier });
  check(tokens.status === 200, `the app gets its token (${tokens.status} ${JSON.stringify(tokens.body)})`);
  const feed = () => fetch(new URL('/api/v1/feed', base), { headers: { Authorization: `Bearer ${tokens.body.access_token}` } }).then((r) => r.status);
  check(await feed() === 200, 'the app reads the feed with it');

  // Settings lists the app; both pages at every width, light and dark
  await page.goto('/settings');
  const connected = page.getByRole('form', { name: 'Connected apps' });
  const row = connected.getByRole('listitem').filter({ hasText: appName });
  await row.waitFor();
  check((await row.innerText()).includes('Read posts'), 'a connected app shows what it may do, in words');
  await everyWidth(page, 'settings with a connected app', () => row.waitFor());
  // the section with its heading, and a margin around it
  const shoot = async (path) => {
    const box = await page.locator('section', { has: page.getByRole('heading', { name: 'Connected apps' }) }).boundingBox();
    const y = box.y + await page.evaluate(() => scrollY);
    await page.screenshot({ path, fullPage: true, clip: { x: 0, y: Math.max(0, y - 16), width: page.viewportSize().width, height: box.height + 32 } });
  };
  await shoot(`${shots}/connected-apps-desktop.png`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(`${shots}/connected-apps-phone.png`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/apps');
  await everyWidth(page, 'the developer console', () => entry.waitFor());
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}/console-phone.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  // removing its access ends the token; the empty state says so
  await page.goto('/settings');
  await connected.getByRole('button', { name: `Remove access for ${appName}` }).click();
  await page.getByText(`${appName} no longer has access.`).waitFor();
  await connected.getByText('No apps are connected to your account.').waitFor();
  check(await feed() === 401, 'the app\'s token is refused once its access is removed');
  await axe(page, 'settings without connected apps');

  // deleting the app asks first
  await page.goto('/apps');
  await entry.getByRole('button', { name: `Delete ${appName}` }).click();
  await entry.getByText('This cannot be undone.').waitFor();
  await entry.getByRole('button', { name: 'Delete app' }).click();
  await page.getByText(`${appName} deleted. You have no apps now.`).waitFor();
  check(await counted(page.getByRole('list', { name: 'Your apps' }).getByRole('listitem'), 0), 'the app is gone from the list');
  await axe(page, 'the console after deleting');
  app.close();
});
