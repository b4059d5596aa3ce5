// Passkeys in Chromium with a virtual authenticator (the DevTools Protocol's WebAuthn domain: CTAP2, internal,
// resident keys, user verification): one added in Settings and renamed, a sign-out, a sign-in with it and no
// password on the web app, then on the OAuth sign-in page, whose tokens say amr "hwk"; the passkey removed, after
// which it is refused. Pages checked with axe in light and dark mode and at 320/390/768/1280 px.
// Usage: node passkeys.mjs <base-url> <screenshot-dir> <redirect-uri> (roost-demo-app's, on the same server: its
// page is a 404, which is all the script needs: the code in its address)
import { createHash, randomBytes } from 'node:crypto';
import { base, shots, check, problems, person, axe, signUp, finish, visible, hidden, counted } from './harness.mjs';

const b64url = (buffer) => buffer.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const claims = (jwt) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString());

async function fitsEveryWidth(page, name) {
  for (const width of [320, 390, 768, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    check(overflow <= 0, `${name} fits ${width} px`);
    if (width === 390) await page.screenshot({ path: `${shots}/passkeys-${name.replace(/\W+/g, '-')}-phone.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

await finish(async () => {
  const { context, page } = await person();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', { options: {
    protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true,
    automaticPresenceSimulation: true } });
  const username = `pk${Date.now().toString(36)}`;
  await signUp(page, username);

  // Add a passkey in Settings, then rename it
  await page.goto('/settings');
  const section = page.getByRole('form', { name: 'Passkeys' });
  await page.getByText('No passkeys yet.').waitFor();
  await section.getByLabel('Passkey name').fill('Laptop');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByText('Passkey “Laptop” added.').waitFor();
  const list = page.getByRole('list', { name: 'Your passkeys' });
  await list.getByText('Laptop').waitFor();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  check(credentials.length === 1 && credentials[0].isResidentCredential, 'the authenticator holds one discoverable passkey');
  check(credentials[0].rpId === 'localhost', 'the passkey is for this site (rp id localhost)');
  await axe(page, 'settings with a passkey');
  await fitsEveryWidth(page, 'settings');

  await page.getByRole('button', { name: 'Rename passkey Laptop' }).click();
  await page.getByLabel('New name').fill('Work laptop');
  await page.getByRole('button', { name: 'Save passkey name' }).click();
  await page.getByText('Passkey renamed to “Work laptop”.').waitFor();
  await list.getByText('Work laptop').waitFor();
  await axe(page, 'settings after a rename');

  // Sign out; sign in with the passkey alone
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await axe(page, 'the sign-in page');
  await fitsEveryWidth(page, 'the sign-in page');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.getByRole('heading', { name: 'Home' }).waitFor();
  check(await counted(page.getByLabel('Password'), 0), 'signed in with no password');
  await page.goto('/settings');
  await page.getByRole('list', { name: 'Your passkeys' }).getByText('last used').waitFor();
  check(true, 'the passkey shows its last use');
  const devices = page.getByRole('list', { name: 'Signed-in devices' });
  await devices.getByText('(this device)').waitFor();
  check(true, 'the passkey sign-in is a device like a password sign-in');

  // The OAuth sign-in page: the same passkey, no password; the tokens say how ("hwk")
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  const verifier = b64url(randomBytes(32));
  const challenge = b64url(createHash('sha256').update(verifier).digest());
  const redirect = process.argv[4];
  await page.goto(`/oauth2/authorize?response_type=code&client_id=roost-demo-app&scope=openid%20profile&state=s1`
    + `&redirect_uri=${encodeURIComponent(redirect)}&code_challenge=${challenge}&code_challenge_method=S256`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.waitForLoadState('networkidle');
  check(await visible(page.getByRole('button', { name: 'Sign in with a passkey' })),
    `the OAuth sign-in page offers a passkey${problems.length ? ': ' + problems.join(' | ') : ''}`);
  await axe(page, 'the OAuth sign-in page');
  await fitsEveryWidth(page, 'the OAuth sign-in page');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  const allow = page.getByRole('button', { name: 'Allow' });
  const refused = page.locator('#passkey-error:not([hidden])');
  await allow.or(refused).waitFor();
  check(await hidden(refused), `the OAuth sign-in page takes the passkey${await refused.isVisible() ? ': ' + await refused.innerText() : ''}`);
  await allow.click();
  await page.waitForURL((url) => url.href.startsWith(redirect));
  const callback = new URL(page.url());
  check(callback.searchParams.get('state') === 's1' && !!callback.searchParams.get('code'), 'the app gets a code');
  const tokens = await (await fetch(`${base}/oauth2/token`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code: callback.searchParams.get('code'), redirect_uri: redirect,
      client_id: 'roost-demo-app', code_verifier: verifier }) })).json();
  check(JSON.stringify(claims(tokens.id_token).amr) === '["hwk"]', `the ID token says amr ["hwk"] (${JSON.stringify(claims(tokens.id_token).amr)})`);
  check(JSON.stringify(claims(tokens.access_token).amr) === '["hwk"]', 'the access token says amr ["hwk"]');
  check(claims(tokens.id_token).preferred_username === username, 'the ID token names the passkey\'s owner');

  // Remove it: the authenticator still has it, but it signs in no more
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.getByRole('heading', { name: 'Home' }).waitFor();
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Remove passkey Work laptop' }).click();
  await page.getByText('Passkey “Work laptop” removed.').waitFor();
  await page.getByText('No passkeys yet.').waitFor();
  await axe(page, 'settings after removing the passkey');
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'The passkey was not accepted' });
  await refusal.waitFor();
  check(await visible(page.getByRole('heading', { name: 'Sign in' })), 'a removed passkey is refused, and the person stays signed out');
  await axe(page, 'the sign-in page with a refused passkey');
  await page.screenshot({ path: `${shots}/passkeys-refused-desktop.png` });
});
