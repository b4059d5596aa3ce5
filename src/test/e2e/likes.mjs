// Likes and the signed-out landing page: Like and unlike by the button's name, the count and aria-pressed, a refused
// like put back; then a visitor's landing page, profile and post page, read-only. node likes.mjs <base-url> <screenshot-dir>
import { check, person, axe, signUp, post, finish, shots, visible, hidden, counted } from './harness.mjs';

const tag = Date.now().toString(36);
const eve = `eve${tag}`;
const fay = `fay${tag}`;
const title = `Eve likes mornings ${tag}`;
const eveName = eve[0].toUpperCase() + eve.slice(1); // the name signUp gives her

/** The four widths of the brief, light and dark (axe's both schemes), without horizontal scrolling. */
async function everyWidth(page, name) {
  for (const width of [320, 390, 768, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
    check(scroll <= inner, `no horizontal scrolling on ${name} at ${width} px (${scroll} <= ${inner})`);
    await axe(page, `${name} at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

await finish(async () => {
  // Eve posts; Fay follows her and sees the post with a Like button and no likes yet
  const e = await person();
  await signUp(e.page, eve);
  await post(e.page, title, 'Coffee first.');
  const f = await person();
  await signUp(f.page, fay);
  await f.page.goto(`/u/${eve}`);
  await f.page.getByRole('button', { name: 'Follow', exact: true }).click();
  await f.page.getByRole('button', { name: 'Unfollow', exact: true }).waitFor();
  await f.page.getByRole('link', { name: 'Home' }).click();
  const card = f.page.locator('article', { has: f.page.getByRole('heading', { name: title }) });
  const like = card.getByRole('button', { name: 'Like', exact: true });
  await like.waitFor({ timeout: 10000 });
  await like.and(f.page.locator(':enabled')).waitFor({ timeout: 10000 });
  check(await like.getAttribute('aria-pressed') === 'false', 'a post not liked yet has Like not pressed');
  check(await visible(card.getByText('0 likes', { exact: true })), 'and shows 0 likes');

  // like: pressed and counted at once, and so it stays after a reload (the server has it)
  await like.click();
  check(await like.getAttribute('aria-pressed') === 'true', 'Like is pressed right after the click');
  check(await visible(card.getByText('1 like', { exact: true })), 'the count shows 1 like');
  await like.and(f.page.locator(':enabled')).waitFor({ timeout: 10000 });
  await f.page.reload();
  await card.getByRole('button', { name: 'Like', exact: true }).and(f.page.locator('[aria-pressed="true"]:enabled')).waitFor({ timeout: 10000 });
  check(await visible(card.getByText('1 like', { exact: true })), 'after a reload the post is still liked, with 1 like');
  await axe(f.page, 'home with a liked post');
  await f.page.screenshot({ path: `${shots}/likes-desktop.png` });

  // Eve sees the like on her post
  await e.page.reload();
  const hers = e.page.locator('article', { has: e.page.getByRole('heading', { name: title }) });
  check(await visible(hers.getByText('1 like', { exact: true })), 'the author sees 1 like on her post');

  // unlike: back to 0, also after a reload
  await like.click();
  check(await visible(card.getByText('0 likes', { exact: true })) && await like.getAttribute('aria-pressed') === 'false',
    'unlike: not pressed, 0 likes');
  await like.and(f.page.locator(':enabled')).waitFor({ timeout: 10000 });
  await f.page.reload();
  await card.getByRole('button', { name: 'Like', exact: true }).and(f.page.locator('[aria-pressed="false"]:enabled')).waitFor({ timeout: 10000 });
  check(await visible(card.getByText('0 likes', { exact: true })), 'after a reload the post is not liked, 0 likes');

  // a refused like is put back, and the post says why
  await f.page.route('**/graphql', async (route) => {
    if (route.request().postData()?.includes('likePost')) {
      await route.fulfill({ status: 200, contentType: 'application/json',
        body: JSON.stringify({ errors: [{ message: 'You have sent too many requests.', extensions: { code: 'RATE_LIMITED' } }] }) });
    } else await route.continue();
  });
  await like.click();
  const problem = card.getByRole('alert');
  check(await visible(problem.filter({ hasText: 'Could not like this post' })), 'a refused like says so in the post');
  check(await like.getAttribute('aria-pressed') === 'false' && await visible(card.getByText('0 likes', { exact: true })),
    'and is put back: not pressed, 0 likes');
  await f.page.unroute('**/graphql');

  // a visitor (no account): the landing page says what Roost is, offers sign in and sign up, and shows recent posts
  const v = await person();
  await v.page.goto('/');
  await v.page.getByRole('heading', { name: 'Welcome to Roost' }).waitFor();
  check(await visible(v.page.getByRole('link', { name: 'Create an account' })) && await visible(v.page.getByRole('main').getByRole('link', { name: 'Sign in' }).first()),
    'the landing page offers to create an account and to sign in');
  const recent = v.page.getByRole('region', { name: 'Recent posts' });
  const public_ = recent.locator('article', { has: v.page.getByRole('heading', { name: title }) });
  check(await visible(public_), 'the landing page lists recent posts, Eve\'s among them');
  check(await visible(public_.getByText('0 likes', { exact: true })), 'a visitor sees the count of likes');
  check(await counted(v.page.getByRole('button', { name: 'Like', exact: true }), 0), 'and no Like button (nothing to press signed out)');
  await v.page.screenshot({ path: `${shots}/landing-desktop.png`, fullPage: true });
  await everyWidth(v.page, 'the landing page');
  await v.page.setViewportSize({ width: 390, height: 800 });
  await v.page.screenshot({ path: `${shots}/landing-phone.png` });
  await v.page.setViewportSize({ width: 1280, height: 800 });

  // her profile and her post, readable signed out, with no Follow; signing in is a link away
  await public_.getByRole('link', { name: eveName, exact: true }).click();
  await v.page.getByRole('heading', { name: eveName, exact: true }).waitFor();
  check(await visible(v.page.getByRole('article').filter({ hasText: title })), 'a visitor reads her profile and its posts');
  check(await counted(v.page.getByRole('button', { name: /^(Follow|Unfollow)/ }), 0)
    && await visible(v.page.getByText(`to follow ${eveName}.`)), 'a visitor gets no Follow button, but a link to sign in to follow');
  check(await counted(v.page.getByRole('link', { name: 'Edit profile' }), 0), 'and no Edit profile');
  await everyWidth(v.page, 'a profile signed out');
  await v.page.getByRole('article').filter({ hasText: title }).locator('a.permalink').click();
  await v.page.getByRole('heading', { name: title, level: 1 }).waitFor();
  check(/\/u\/[^/]+\/posts\/\d+$/.test(new URL(v.page.url()).pathname)
    && await counted(v.page.getByRole('button', { name: /^(Edit|Delete|Like)$/ }), 0), 'a visitor reads the post page, read-only');
  await everyWidth(v.page, 'a post page signed out');

  // what needs an account asks to sign in, then comes back
  await v.page.goto('/settings');
  await v.page.getByRole('heading', { name: 'Sign in' }).waitFor();
  check(new URL(v.page.url()).searchParams.get('next') === '/settings' && await hidden(v.page.getByText('Your session has ended')),
    'Settings signed out leads to sign-in (no "session ended": there was none), to come back after');

  // Eve edits her profile in place: Edit profile opens the form, Save profile shows the new bio and name
  await e.page.goto(`/u/${eve}`);
  const edit = e.page.getByRole('button', { name: 'Edit profile' });
  await edit.click();
  check(await edit.getAttribute('aria-expanded') === 'true' && await visible(e.page.getByRole('form', { name: 'Edit profile' })),
    'Edit profile opens the form on her profile');
  await axe(e.page, 'the profile editor');
  await e.page.getByRole('form', { name: 'Edit profile' }).getByLabel('Name', { exact: true }).fill(`${eveName} Example`);
  await e.page.getByRole('form', { name: 'Edit profile' }).getByLabel('Bio').fill('Mornings, coffee, @nobody in particular.');
  await e.page.getByRole('button', { name: 'Save profile' }).click();
  check(await visible(e.page.getByRole('heading', { name: `${eveName} Example`, level: 1 }))
    && await visible(e.page.getByText('Mornings, coffee,')), 'Save profile shows her new name and bio');
  check(await visible(e.page.getByRole('banner').getByText(`${eveName} Example`)), 'and the header shows the new name at once');
  await e.page.getByRole('button', { name: 'Edit profile' }).click();
  await e.page.getByRole('form', { name: 'Edit profile' }).getByLabel('Name', { exact: true }).fill(' ');
  await e.page.getByRole('button', { name: 'Save profile' }).click();
  check(await visible(e.page.locator('#profile-name-error')) && await e.page.locator('#profile-name').getAttribute('aria-invalid') === 'true',
    'an empty name is refused under the Name field');

  // dark mode: the landing page and a signed-in home with likes at the four widths
  const dark = await person({ width: 1280, height: 800 }, { colorScheme: 'dark' });
  await dark.page.goto('/');
  await dark.page.getByRole('heading', { name: 'Welcome to Roost' }).waitFor();
  await dark.page.getByRole('region', { name: 'Recent posts' }).locator('article').first().waitFor();
  await dark.page.screenshot({ path: `${shots}/landing-desktop-dark.png` });
  await f.page.goto('/');
  await card.getByRole('button', { name: 'Like', exact: true }).and(f.page.locator(':enabled')).waitFor({ timeout: 10000 });
  await everyWidth(f.page, 'home with Like buttons');
});
