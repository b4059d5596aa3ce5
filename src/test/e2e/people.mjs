// People: search by part of a name or username, Follow / Unfollow wherever a person is listed, avatars in the feed
// and in lists, and the HTML page for an unknown address. node people.mjs <base-url> <screenshot-dir>
import { PNG, check, person, axe, signUp, post, finish, shots, counted, visible } from './harness.mjs';

const tag = Date.now().toString(36);
const cara = `cara${tag}`;
const dan = `dan${tag}`;
await finish(async () => {
  // Cara has an avatar and a post
  const c = await person();
  await signUp(c.page, cara);
  await c.page.getByRole('link', { name: 'Settings' }).click();
  await c.page.getByLabel(/^Image/).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await c.page.getByRole('button', { name: 'Upload avatar' }).click();
  await c.page.getByText('Avatar saved.').waitFor();
  await c.page.getByRole('textbox', { name: 'Bio' }).fill('Birdwatcher. Says hello to @everyone.');
  await c.page.getByRole('button', { name: 'Save bio' }).click();
  await c.page.getByText('Bio saved.').waitFor();
  await c.page.getByRole('link', { name: 'Home' }).click();
  await post(c.page, 'Cara says hello', `With an avatar, and hello @${dan}`);

  // Dan finds her by part of her username, typed in capitals, and follows her from the results
  const d = await person();
  await signUp(d.page, dan);
  await post(d.page, 'Dan was here', `Without one, hi @${cara}`);
  await d.page.getByRole('link', { name: 'People' }).click();
  await d.page.getByLabel('Search people').fill(cara.slice(2).toUpperCase()); // the middle and end of her username
  const results = d.page.getByRole('list', { name: /People matching/ });
  await results.getByRole('link', { name: cara[0].toUpperCase() + cara.slice(1) }).waitFor();
  check(await counted(results.getByRole('listitem'), 1), 'the search lists the one person matching');
  const follow = results.getByRole('button', { name: /^Follow / });
  await follow.waitFor();
  check(await counted(results.locator('img.avatar'), 1), 'the result shows her avatar');
  await axe(d.page, 'people search');
  await d.page.screenshot({ path: `${shots}/people-desktop.png`, fullPage: true });
  await follow.click();
  await results.getByRole('button', { name: /^Unfollow / }).waitFor();
  check(true, 'Follow in a search result follows (the button becomes Unfollow)');
  await d.page.getByLabel('Search people').fill(`nobody-${tag}`);
  await d.page.getByText(`No one matches “nobody-${tag}”.`).waitFor();
  check(true, 'a search without results says so');

  // a list longer than the 15 aliases a GraphQL document may have: every person on it gets a Follow button
  const crowd = `crowd${tag}`;
  await d.page.evaluate(async (prefix) => {
    const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]*)/)[1]);
    const headers = { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf };
    for (let i = 1; i <= 25; i++) {
      await fetch('/api/v1/users', { method: 'POST', headers,
        body: JSON.stringify({ username: `${prefix}${i}`, name: `Crowd ${i}`, password: 'a long enough password' }) });
    }
  }, crowd);
  await d.page.getByLabel('Search people').fill(crowd);
  const crowdList = d.page.getByRole('list', { name: `People matching ${crowd}` });
  check(await counted(crowdList.getByRole('button', { name: /^Follow Crowd / }), 20),
    'each of the 20 people of a first page has a Follow button');
  await d.page.getByRole('button', { name: 'Load more people' }).click();
  check(await counted(crowdList.getByRole('button', { name: /^Follow Crowd / }), 25), 'and each of the next page too');
  await crowdList.getByRole('button', { name: 'Follow Crowd 25', exact: true }).click();
  check(await visible(crowdList.getByRole('button', { name: 'Unfollow Crowd 25', exact: true })),
    'following the 25th person from the list works');

  // her post, with her avatar, on his timeline; his own post with his initial (he has no image)
  await d.page.getByRole('link', { name: 'Home' }).click();
  const hers = d.page.locator('article', { has: d.page.getByRole('heading', { name: 'Cara says hello' }) });
  await hers.waitFor();
  check(await counted(hers.locator('img.avatar'), 1), 'a post in the feed shows its author\'s avatar');
  // mentions are resolved when a post is written: Dan had no account yet when Cara named him
  check(await hers.getByRole('link', { name: `@${dan}` }).count() === 0, 'a mention of nobody (yet) is not a link');
  const his = d.page.locator('article', { has: d.page.getByRole('heading', { name: 'Dan was here' }) });
  check(await his.getByRole('link', { name: `@${cara}` }).getAttribute('href') === `/u/${cara}`, 'a mention in a post links to the profile');
  check((await his.locator('.avatar.initial').innerText()).trim() === 'D', 'an author without an image shows an initial');

  // her profile lists him among her followers; his Follow state is shown in lists he appears in for her
  await c.page.goto(`/u/${cara}`);
  check(await visible(c.page.getByText('Birdwatcher. Says hello to')) && await visible(c.page.getByRole('button', { name: 'Edit profile' })),
    'her profile shows her bio and, to her, Edit profile');
  await c.page.getByRole('tab', { name: 'Followers' }).click();
  const followers = c.page.getByRole('list', { name: 'Followers' });
  await followers.getByRole('link', { name: dan[0].toUpperCase() + dan.slice(1) }).waitFor();
  await followers.getByRole('button', { name: /^Follow / }).waitFor();
  check(true, 'a follower listed on a profile has a Follow button for the person looking');
  await axe(c.page, 'profile with followers');

  // an unknown address in a browser: an HTML page, not JSON
  const missing = await d.page.goto('/no/such/page');
  check(missing.status() === 404 && missing.headers()['content-type'].startsWith('text/html'), 'an unknown address answers a 404 page');
  await d.page.getByRole('heading', { name: 'Page not found' }).waitFor();
  await axe(d.page, 'not found');

  // dark mode and the four widths on People
  const dark = await person({ width: 1280, height: 800 }, { colorScheme: 'dark' });
  await dark.page.goto('/login');
  await dark.page.getByLabel('Username').fill(dan);
  await dark.page.getByLabel('Password').fill('a long enough password');
  await dark.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await dark.page.getByRole('heading', { name: 'Home' }).waitFor();
  // every page of the app in dark mode, axe included (home and settings: e2e.mjs)
  for (const [path, heading] of [[`/u/${cara}`, cara[0].toUpperCase() + cara.slice(1)], ['/no/such/page', 'Page not found']]) {
    await dark.page.goto(path);
    await dark.page.getByRole('heading', { name: heading, exact: true }).waitFor();
    await axe(dark.page, `${path} in dark mode`);
  }
  const signedOut = await person({ width: 1280, height: 800 }, { colorScheme: 'dark' });
  for (const [path, heading] of [['/login', 'Sign in'], ['/signup', 'Sign up']]) {
    await signedOut.page.goto(path);
    await signedOut.page.getByRole('heading', { name: heading }).waitFor();
    await axe(signedOut.page, `${path} in dark mode`);
  }
  await dark.page.goto('/');
  await dark.page.getByRole('heading', { name: 'Home' }).waitFor();
  await dark.page.getByRole('link', { name: 'People' }).click();
  await dark.page.getByRole('list', { name: 'Everyone' }).getByRole('listitem').first().waitFor();
  await axe(dark.page, 'people in dark mode');
  for (const width of [320, 390, 768, 1280]) {
    await dark.page.setViewportSize({ width, height: 800 });
    const [scroll, inner] = await dark.page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
    check(scroll <= inner, `no horizontal scrolling on people at ${width} px (${scroll} <= ${inner})`);
  }

  // a new password keeps Cara signed in where she changed it, and signs her other browser out
  await c.page.goto('/settings');
  const passwordForm = c.page.getByRole('form', { name: 'Password' });
  await passwordForm.getByLabel('Current password').fill('a long enough password');
  await passwordForm.getByLabel('New password').fill('another long enough password');
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await c.page.getByText('Password changed.').waitFor();
  await c.page.getByRole('link', { name: 'People' }).click();
  check(await visible(c.page.getByRole('heading', { name: 'People' })) && !(await c.page.getByRole('heading', { name: 'Sign in' }).isVisible()),
    'after changing the password the person is still signed in');
});
