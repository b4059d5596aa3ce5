// The device flow as a person meets it in Chromium: a TV (this script, with fetch) asks for a code, the person opens
// the verification page, signs in, continues with the code, reads the consent page (app, scopes in words, Deny as a
// secondary action), allows, and the TV's next poll gets a token. Then a second code, denied.
import { base, shots, check, person, axe, finish } from './harness.mjs';

const username = `tv${Date.now().toString(36)}`;
const password = 'a long enough password';

async function form(path, fields) {
  const response = await fetch(new URL(path, base), { method: 'POST', body: new URLSearchParams(fields) });
  return { status: response.status, body: await response.json() };
}

const startDevice = () => form('/oauth2/device_authorization', { client_id: 'test-device', scope: 'users:read posts:read' });
const poll = (device) => form('/oauth2/token', {
  grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: device.device_code, client_id: 'test-device',
});

await finish(async () => {
  const signUp = await fetch(new URL('/api/v1/users', base), {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, name: 'Tv Person', password }),
  });
  check(signUp.status === 201, 'a person signs up');

  const device = (await startDevice()).body;
  check(device.verification_uri === `${base}/device`, 'the verification URI is the device page');
  const { page } = await person({ width: 1280, height: 800 });

  await page.goto(device.verification_uri_complete);
  check(new URL(page.url()).pathname === '/signin', 'the page asks the person to sign in first');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Connect a device' }).waitFor();
  check(await page.getByLabel('Code').inputValue() === device.user_code, 'the code from the link is filled in');
  await axe(page, 'the device code page');
  await page.screenshot({ path: `${shots}/device-code.png`, fullPage: true });
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('heading', { name: 'Allow this device?' }).waitFor();
  const text = await page.locator('main').innerText();
  check(text.includes('Test TV'), 'the consent page names the app');
  check(text.includes('set up by the operator'), 'the consent page says who is behind the app');
  check(text.includes(device.user_code), 'the consent page repeats the code to compare with the screen');
  check(await page.getByLabel(/See people's profiles/).isChecked(), 'each scope is described in words, with its checkbox');
  check(await page.getByLabel(/Read posts/).isChecked(), 'the second scope too');
  check(await page.getByRole('button', { name: 'Deny' }).getAttribute('class') === 'secondary', 'Deny is a secondary action');
  await axe(page, 'the device consent page');
  await page.screenshot({ path: `${shots}/device-consent.png`, fullPage: true });
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.getByRole('heading', { name: 'Device connected' }).waitFor();

  const tokens = await poll(device);
  check(tokens.status === 200 && typeof tokens.body.access_token === 'string', 'the device gets its token on the next poll');

  const second = (await startDevice()).body;
  await page.goto(`${base}/device`);
  await page.getByLabel('Code').fill(second.user_code);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Deny' }).click();
  await page.getByRole('heading', { name: 'Access denied' }).waitFor();
  const refused = await poll(second);
  check(refused.status === 400 && refused.body.error === 'access_denied', 'a denied device gets access_denied');
});
