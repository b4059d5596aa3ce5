// Swagger UI (/swagger-ui.html) for a person: "Authorize" with OAuth (the demo app's public client, authorization
// code with PKCE, in a popup: sign in, consent), then "Try it out" sends the bearer token; and a cookie write sends
// X-XSRF-TOKEN. node swagger.mjs <base-url> <screenshot-dir>
import { check, person, axe, signUp, finish, shots } from './harness.mjs';

const tag = Date.now().toString(36);

/**
 * Opens an operation and its "Try it out". A click on the summary can be lost while Swagger UI still renders (the
 * document arrives after the page): the operation is clicked again only while it is not open, so that a click that
 * did land is never undone.
 */
async function tryItOut(operation) {
  const button = operation.getByRole('button', { name: 'Try it out' });
  for (let attempt = 0; attempt < 5 && !(await button.isVisible()); attempt++) {
    if (!(await operation.evaluate((element) => element.classList.contains('is-open')))) {
      await operation.locator('.opblock-summary').first().click();
    }
    await button.waitFor({ timeout: 5000 }).catch(() => {});
  }
  await button.click();
}
const eve = `eve${tag}`;
await finish(async () => {
  const { page, context } = await person({ width: 1280, height: 1000 });
  await signUp(page, eve);
  await page.goto('/swagger-ui.html');
  await page.getByRole('button', { name: 'Authorize' }).first().click();
  const dialog = page.locator('.dialog-ux');
  const section = dialog.locator('.auth-container', { hasText: 'authorizationCode' });
  await section.waitFor();
  check(await section.locator('input#client_id_authorizationCode, input[id^="client_id"]').first().inputValue() === 'roost-demo-app',
    'the OAuth section is filled with the demo app\'s client');
  const [popup] = await Promise.all([context.waitForEvent('page'), section.locator('button.authorize').click()]); // its accessible name is "Apply given OAuth2 credentials"
  // the popup goes through redirects to a sign-in page or, signed in already, to the consent page: wait for either
  const signIn = popup.getByRole('button', { name: 'Sign in', exact: true });
  await signIn.or(popup.getByRole('button', { name: 'Allow' })).waitFor({ timeout: 30000 });
  if (await signIn.count()) {
    await popup.getByLabel('Username').fill(eve);
    await popup.getByLabel('Password').fill('a long enough password');
    await popup.getByRole('button', { name: 'Sign in', exact: true }).click();
  }
  // the consent page, as a person sees it, at desktop and phone width
  await popup.getByRole('button', { name: 'Allow' }).waitFor();
  await axe(popup, 'consent');
  await popup.setViewportSize({ width: 1280, height: 800 });
  await popup.screenshot({ path: `${shots}/consent-desktop.png`, fullPage: true });
  await popup.setViewportSize({ width: 390, height: 844 });
  const width = await popup.evaluate(() => document.documentElement.scrollWidth);
  check(width <= 390, `the consent page fits a phone (${width} px wide)`);
  await popup.screenshot({ path: `${shots}/consent-phone.png`, fullPage: true });
  // Waiting for 'close' only after the click could miss it (the popup may close before), and a busy machine may
  // take long over the redirects: wait from before the click, generously
  const closed = popup.waitForEvent('close', { timeout: 60000 });
  await popup.getByRole('button', { name: 'Allow' }).click().catch((error) => { if (!popup.isClosed()) throw error; });
  await closed;
  await section.getByText('Authorized', { exact: true }).waitFor();
  check(true, 'Authorize ends signed in: the popup signs in, asks consent and closes, and the dialog says Authorized');
  await page.screenshot({ path: `${shots}/swagger-authorized.png` });
  await dialog.locator('button.btn-done').first().click();

  // Try it out on GET /api/v1/feed: the request carries the bearer token and answers 200
  const feed = page.locator('.opblock-get', { has: page.locator('[data-path="/api/v1/feed"]') }).first();
  await tryItOut(feed);
  const [request] = await Promise.all([
    page.waitForRequest((r) => new URL(r.url()).pathname === '/api/v1/feed'),
    feed.getByRole('button', { name: 'Execute' }).click()]);
  check(/^Bearer ey/.test(request.headers().authorization || ''), 'Try it out sends the OAuth access token');
  const status = feed.locator('.live-responses-table tbody .response-col_status').first();
  await status.waitFor();
  check((await status.innerText()).trim() === '200', `the call answers 200 (${(await status.innerText()).trim()})`);

  // with the session cookie only (another browser, signed in to the app): a write from "Try it out" carries
  // X-XSRF-TOKEN, copied from the XSRF-TOKEN cookie, and is created
  const other = await person({ width: 1280, height: 1000 });
  await signUp(other.page, `fay${tag}`);
  const myId = await other.page.evaluate(() => fetch('/graphql', { method: 'POST', headers: { 'Content-Type': 'application/json',
    'X-XSRF-TOKEN': decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]*)/)[1]) }, body: JSON.stringify({ query: '{ me { id } }' }) })
    .then((r) => r.json()).then((j) => j.data.me.id));
  await other.page.goto('/swagger-ui.html');
  const create = other.page.locator('.opblock-post', { has: other.page.locator('[data-path="/api/v1/users/{userId}/posts"]') }).first();
  await tryItOut(create);
  await create.locator('input[placeholder="userId"]').fill(myId);
  await create.locator('textarea.body-param__text').fill(JSON.stringify({ title: 'From Swagger UI', body: 'with the session cookie' }));
  const [write] = await Promise.all([
    other.page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === `/api/v1/users/${myId}/posts`),
    create.getByRole('button', { name: 'Execute' }).click()]);
  check(Boolean(write.headers()['x-xsrf-token']), 'a cookie write from Try it out sends X-XSRF-TOKEN');
  const created = create.locator('.live-responses-table tbody .response-col_status').first();
  await created.waitFor();
  check((await created.innerText()).trim() === '201', `the write answers 201 (${(await created.innerText()).trim()})`);
});
