// Signing in with another OpenID Connect provider, as a person does it in Chromium, against a real provider (the
// test's oidc-provider, registered as "Test ID"): a newcomer gets an account; an account here whose address is not
// confirmed is refused with a page that says what to do; its owner signs in with the password and links the provider
// from settings, then signs in with it, then removes it; the only way into an account cannot be removed. The new
// pages are checked with axe, light and dark, at 320, 390, 768 and 1280 px.
// Usage: node federation.mjs <base-url> <screenshot-dir> <issuer>
import { check, person, axe, finish, problems, shots, visible } from './harness.mjs';

const issuer = process.argv[4];
const stamp = Date.now().toString(36);

async function everyWidthAndScheme(page, name, ready) {
  for (const colorScheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme });
    for (const width of [320, 390, 768, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await ready();
      const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
      check(scroll <= inner, `no horizontal scrolling on ${name} at ${width} px, ${colorScheme} (${scroll} <= ${inner})`);
      await axe(page, `${name} at ${width} px, ${colorScheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Clicks "Sign in with Test ID" (or follows a link's redirect) and signs in at the provider, if it asks. */
async function atProvider(page, login) {
  await page.waitForURL((url) => url.href.startsWith(issuer));
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.waitForURL((url) => !url.href.startsWith(issuer));
}

/** A person whose browser gets the provider's sign-in page without its web font (the test has no network). */
async function visitor() {
  const { context, page } = await person();
  await context.route('https://fonts.googleapis.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/css', body: '' }));
  return { page };
}

async function signOut(page) {
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
}

await finish(async () => {
  // A newcomer: the sign-in page offers the provider; signing in there creates the account
  const { page } = await visitor();
  const login = `fed-${stamp}`;
  await page.goto('/login');
  const button = page.getByRole('button', { name: 'Sign in with Test ID' });
  await button.waitFor();
  await everyWidthAndScheme(page, 'the sign-in page with a provider', () => button.waitFor());
  await button.click();
  await atProvider(page, login);
  await page.getByRole('heading', { name: 'Home' }).waitFor();
  check(await visible(page.getByText(`@${login}`)), 'signed in to a new account named after the provider\'s username');

  // Settings list the provider; the only way in cannot be removed
  await page.goto('/settings');
  const providers = page.getByRole('form', { name: 'Sign-in providers' });
  await providers.getByText('Test ID').waitFor();
  check(await visible(providers.getByText('has no password')), 'settings say the account has no password');
  await everyWidthAndScheme(page, 'settings with a linked provider', () => providers.getByText('Test ID').waitFor());
  await page.getByRole('button', { name: 'Remove Test ID' }).click();
  const refusal = page.locator('section').filter({ has: providers }).getByRole('alert');
  await refusal.getByText('only way to sign in').waitFor();
  check(true, 'removing the only way in is refused with a message');
  await page.screenshot({ path: `${shots}/federation-settings.png`, fullPage: true });

  // An account here whose address is not confirmed: the provider's sign-in is refused with a clear page
  const { page: owner } = await visitor();
  const ownerLogin = `own-${stamp}`;
  const username = `local${stamp}`;
  await owner.goto('/signup');
  await owner.getByLabel('Username').fill(username);
  await owner.getByLabel('Name', { exact: true }).fill('Local Owner');
  await owner.getByLabel('Password').fill('a long enough password');
  await owner.getByLabel('Email (optional)').fill(`${ownerLogin}@example.test`);
  await owner.getByRole('button', { name: 'Sign up' }).click();
  await owner.getByRole('heading', { name: 'Home' }).waitFor();
  await signOut(owner);
  await owner.getByRole('button', { name: 'Sign in with Test ID' }).click();
  await atProvider(owner, ownerLogin);
  const heading = owner.getByRole('heading', { name: 'Link this provider from settings first' });
  await heading.waitFor();
  check(await visible(owner.getByRole('link', { name: 'Sign in with your username and password' })),
    'the refusal page offers the password sign-in');
  await everyWidthAndScheme(owner, 'the refusal page', () => heading.waitFor());
  await owner.screenshot({ path: `${shots}/federation-refused.png`, fullPage: true });

  // Its owner signs in with the password and links the provider from settings
  await owner.getByRole('link', { name: 'Sign in with your username and password' }).click();
  await owner.getByLabel('Username').fill(username);
  await owner.getByLabel('Password').fill('a long enough password');
  await owner.getByRole('button', { name: 'Sign in', exact: true }).click();
  await owner.getByRole('heading', { name: 'Home' }).waitFor();
  await owner.goto('/settings');
  await owner.getByRole('button', { name: 'Link Test ID' }).click();
  // the provider remembers this browser's sign-in there: it may send it straight back
  await owner.waitForURL((url) => url.pathname === '/settings' || url.href.startsWith(issuer));
  if (owner.url().startsWith(issuer)) await atProvider(owner, ownerLogin);
  const ownerProviders = owner.getByRole('form', { name: 'Sign-in providers' });
  await owner.getByText('Linked Test ID.').waitFor();
  check(await visible(ownerProviders.getByText(`${ownerLogin}@example.test`)), 'the link shows the provider\'s address');

  // ...then signs in with it, to the same account
  await signOut(owner);
  await owner.getByRole('button', { name: 'Sign in with Test ID' }).click();
  await owner.waitForURL((url) => !url.href.startsWith(issuer) && url.pathname === '/');
  await owner.getByRole('heading', { name: 'Home' }).waitFor();
  check(await visible(owner.getByText(`@${username}`)), 'the linked provider opens the owner\'s account');

  // ...and, having a password, removes it
  await owner.goto('/settings');
  await owner.getByRole('button', { name: 'Remove Test ID' }).click();
  await owner.getByText('Removed Test ID.').waitFor();
  await owner.getByRole('button', { name: 'Link Test ID' }).waitFor();
  check(true, 'the provider can be linked again');

  // The refused removal and the refused sign-in answer 409 on purpose: not a bug of the page
  for (let i = problems.length - 1; i >= 0; i--) {
    if (/status of 409/.test(problems[i])) problems.splice(i, 1);
  }
});
