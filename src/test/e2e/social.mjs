// Conversations: a mention linked from what the API stored, a notification arriving live with its count in the
// header, the Notifications page, Reply on a post and the thread on its page. node social.mjs <base-url> <screenshot-dir>
import { check, person, axe, signUp, post, finish, shots, visible } from './harness.mjs';

const tag = Date.now().toString(36);
const ana = `ana${tag}`;
const ben = `ben${tag}`;
const Ana = `A${ana.slice(1)}`;
const Ben = `B${ben.slice(1)}`;
/** Resolves once the page has sent its notificationAdded subscription (after the server acknowledged the socket). */
function notificationsSubscribed(page) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no notificationAdded subscription within 20 s')), 20000);
    page.on('websocket', (ws) => ws.on('framesent', (frame) => {
      if (/"subscribe".*notificationAdded/.test(String(frame.payload))) { clearTimeout(timer); resolve(); }
    }));
  });
}

await finish(async () => {
  // Ana and Ben, each on their home page, with the live connection up
  const a = await person();
  const anaLive = notificationsSubscribed(a.page);
  await signUp(a.page, ana);
  const b = await person();
  const benLive = notificationsSubscribed(b.page);
  await signUp(b.page, ben);
  await anaLive;
  await benLive;
  check(await visible(a.page.getByRole('link', { name: 'Notifications', exact: true })), 'the header has Notifications, with nothing unread');

  // Ben mentions Ana and someone who does not exist
  await post(b.page, 'Hello there', `Hi @${ana}, and @nobody${tag}`);
  const his = b.page.locator('article', { has: b.page.getByRole('heading', { name: 'Hello there' }) });
  check(await his.getByRole('link', { name: `@${ana}` }).getAttribute('href') === `/u/${ana}`, 'a stored mention links to the profile');
  check(await his.getByRole('link', { name: `@nobody${tag}` }).count() === 0, 'a name of nobody stays plain text');

  // Ana's header counts it at once, without reloading
  const unread = a.page.getByRole('link', { name: 'Notifications, 1 unread' });
  check(await visible(unread, 20000), 'a notification arrives live: the header says 1 unread');
  await a.page.screenshot({ path: `${shots}/notification-badge-desktop.png` });
  await unread.click();
  await a.page.getByRole('heading', { name: 'Notifications' }).waitFor();
  const list = a.page.getByRole('list', { name: 'Notifications' });
  check(await visible(list.getByText(`${Ben} mentioned you`)), 'the Notifications page says who mentioned her');
  check(await visible(a.page.getByRole('link', { name: 'Notifications', exact: true })), 'opening the page marks them read (the count goes)');
  await axe(a.page, 'notifications');
  await a.page.screenshot({ path: `${shots}/notifications-desktop.png`, fullPage: true });

  // she opens the post, replies, and reads the thread
  await list.getByRole('link', { name: 'Hello there' }).click();
  await a.page.getByRole('heading', { name: 'Hello there', level: 1 }).waitFor();
  const original = a.page.locator('article', { has: a.page.getByRole('heading', { name: 'Hello there' }) }).first();
  await original.getByRole('button', { name: 'Reply', exact: true }).click();
  await a.page.getByLabel('Your reply').fill(`Hello back, @${ben}!`);
  await a.page.getByRole('button', { name: 'Post reply' }).click();
  const replies = a.page.getByRole('region', { name: 'Replies' });
  const reply = replies.locator('article', { has: a.page.getByRole('heading', { name: `Hello back, @${ben}!` }) });
  check(await visible(reply), 'her reply shows in the thread under the post');
  check(await reply.getByRole('link', { name: `@${ben}` }).getAttribute('href') === `/u/${ben}`, 'the reply links its mention');
  await axe(a.page, 'a thread');
  await a.page.screenshot({ path: `${shots}/thread-desktop.png`, fullPage: true });

  // Ben's header counts the reply live; his Notifications page says so and leads to the thread
  check(await visible(b.page.getByRole('link', { name: 'Notifications, 1 unread' }), 20000), 'the reply reaches Ben live');
  await b.page.getByRole('link', { name: /^Notifications/ }).click();
  const bens = b.page.getByRole('list', { name: 'Notifications' });
  check(await visible(bens.getByText(`${Ana} replied to your post`)), 'his Notifications page says she replied');
  await bens.getByRole('link', { name: `Hello back, @${ben}!` }).click();
  await b.page.getByRole('region', { name: 'Earlier in the thread' }).getByRole('heading', { name: 'Hello there' }).waitFor();
  check(true, 'the reply\'s page shows the post it answers above it');

  // her reply is counted on his post in his timeline, and on a phone the thread has no horizontal scrolling
  await b.page.getByRole('link', { name: 'Home' }).click();
  check(await visible(b.page.getByRole('link', { name: '1 reply' })), 'a post shows how many replies it has, linking its thread');
  // the thread and the notifications page at the four widths, light and dark: no horizontal scrolling, axe clean
  for (const width of [320, 390, 768, 1280]) {
    await a.page.setViewportSize({ width, height: 800 });
    const [scroll, inner] = await a.page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
    check(scroll <= inner, `no horizontal scrolling on a thread at ${width} px (${scroll} <= ${inner})`);
    await axe(a.page, `a thread at ${width} px`);
  }
  await a.page.getByRole('link', { name: /^Notifications/ }).first().click();
  await a.page.getByRole('list', { name: 'Notifications' }).waitFor();
  for (const width of [320, 390, 768, 1280]) {
    await a.page.setViewportSize({ width, height: 800 });
    const [scroll, inner] = await a.page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
    check(scroll <= inner, `no horizontal scrolling on the notifications page at ${width} px (${scroll} <= ${inner})`);
    await axe(a.page, `notifications at ${width} px`);
  }
  // A post still on its way (its answer held here, as a slow network would) while the person begins the next one:
  // when the answer comes the composer clears what it sent, not what was typed since. (The live feed can show the post
  // before its answer arrives, and people go on typing; the composer used to empty the whole form.)
  const c = await person();
  await signUp(c.page, `cy${tag}`);
  let release = () => {};
  const held = new Promise((resolve) => { release = resolve; });
  let answered = () => {};
  const serverAnswered = new Promise((resolve) => { answered = resolve; });
  const posts = /\/api\/v1\/users\/\d+\/posts$/;
  await c.page.route(posts, async (route) => {
    if (route.request().method() !== 'POST') { await route.fallback(); return; }
    const response = await route.fetch();
    answered(response.status());
    await held;
    await route.fulfill({ response });
  });
  await c.page.getByLabel('Title').fill('On its way');
  await c.page.getByLabel('Body').fill('sent');
  await c.page.getByRole('button', { name: 'Post' }).click();
  check(await serverAnswered === 201, 'the held post was created');
  await c.page.getByLabel('Title').fill('The next one');
  release();
  await c.page.getByRole('heading', { name: 'On its way' }).waitFor();
  // the answer has been handled once the body it sent is cleared
  await c.page.waitForFunction(() => document.querySelector('form[aria-label="New post"] textarea')?.value === '', null, { timeout: 10000 });
  check(await c.page.getByLabel('Title').inputValue() === 'The next one', 'a title typed while a post was on its way is kept when its answer comes');
  await c.page.unroute(posts);
});
