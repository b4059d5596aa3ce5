// A real restart under an open home page (RestartEndToEndTest stops the service and starts it again on the same port,
// sessions lost): the page must land on the sign-in page saying why, and come back home after signing in.
// node restart.mjs <base-url> <screenshot-dir> <signal-file>: writes "live" to the signal file once the live
// connection is subscribed, which is when the test restarts the service.
import { writeFileSync } from 'node:fs';
import { check, person, axe, signUp, finish, problems, visible } from './harness.mjs';

const signal = process.argv[4];
const tag = Date.now().toString(36);
const gus = `gus${tag}`;

await finish(async () => {
  const g = await person();
  const subscribed = new Promise((resolve) => g.page.on('websocket', (socket) => socket.on('framesent', (frame) => {
    if (String(frame.payload).includes('"subscribe"')) resolve();
  })));
  await signUp(g.page, gus);
  await Promise.race([subscribed, new Promise((_, reject) => setTimeout(() => reject(new Error('no live subscription within 30 s')), 30000))]);
  writeFileSync(signal, 'live');

  // the service goes away: the page says it is reconnecting
  check(await visible(g.page.getByText('Reconnecting…'), 120000), 'while the service restarts the page says "Reconnecting…"');

  // once it is back, the session is gone: the sign-in page says why (the client's retries are at most 30 s apart)
  check(await visible(g.page.getByRole('heading', { name: 'Sign in' }), 240000), 'after the restart the page is the sign-in page');
  check(await visible(g.page.getByText('Your session has ended. Please sign in again.')), 'which says that the session ended');
  check(new URL(g.page.url()).searchParams.get('next') === '/', 'and will return to the home page');
  await axe(g.page, 'the sign-in page after a restart');

  // signing in again leads back home, live again
  await g.page.getByLabel('Username').fill(gus);
  await g.page.getByLabel('Password').fill('a long enough password');
  await g.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  check(await visible(g.page.getByRole('heading', { name: 'Home' })) && new URL(g.page.url()).pathname === '/',
    'signing in again returns to the home page');
  check(await visible(g.page.getByRole('banner').getByText(`@${gus}`)), 'signed in as before');

  // what the browser logs while the service is down is the restart itself, not a fault of the page
  const expected = /ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|ERR_EMPTY_RESPONSE|WebSocket connection to .* failed|status of 50[23]/;
  for (let i = problems.length - 1; i >= 0; i--) if (expected.test(problems[i])) problems.splice(i, 1);
});
