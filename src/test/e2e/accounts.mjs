// The account pages: an email address at sign-up, confirmed from the mailed link, changed in Settings (the old
// address told), a spent link refused; "Forgot password?" from the sign-in page to a new password through the
// mailed link; two-factor sign-in set up from a QR code's key (codes computed here, as an app would) and then asked
// for at sign-in; on a desktop and a phone, each page checked with axe.
// Usage: node accounts.mjs <base-url> <screenshot-dir> <mailbox-url> (the mailbox: GET ?to=ADDRESS, JSON messages).
import { createHash, createHmac } from 'node:crypto';
import { check, person, axe, finish, visible, hidden, counted } from './harness.mjs';

const mailbox = process.argv[4];

async function awaitMail(address, count) {
  for (let i = 0; i < 200; i++) {
    const messages = await (await fetch(`${mailbox}/?to=${encodeURIComponent(address)}`)).json();
    if (messages.length >= count) return messages[count - 1];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no message ${count} for ${address}`);
}

/** RFC 6238 (SHA-1, six digits, 30 s) from a Base32 key, {@code offset} steps from now: what an authenticator app shows. */
function totp(key, offset = 0) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...key.replace(/=+$/, '')].map((c) => alphabet.indexOf(c).toString(2).padStart(5, '0')).join('');
  const bytes = Buffer.from(bits.match(/.{8}/g).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30000) + offset));
  const mac = createHmac('sha1', bytes).update(counter).digest();
  const at = mac[mac.length - 1] & 15;
  return String(((mac[at] & 127) << 24 | mac[at + 1] << 16 | mac[at + 2] << 8 | mac[at + 3]) % 1e6).padStart(6, '0');
}

const linkIn = (text) => text.match(/https?:\/\/\S+/)[0];

async function fitsTheScreen(page, name) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  check(overflow <= 0, `${name} fits the screen's width`);
}

await finish(async () => {
  const { page } = await person();
  const username = `ada${Date.now().toString(36)}`;
  const email = `${username}@example.com`;

  // Sign up with an address
  await page.goto('/signup');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Name', { exact: true }).fill('Ada');
  await page.getByLabel('Password').fill('a long enough password');
  await page.getByLabel('Email (optional)').fill(email);
  await axe(page, 'sign-up with an email field');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByRole('heading', { name: 'Home' }).waitFor();

  await page.goto('/settings');
  const emailForm = page.getByRole('form', { name: 'Email' });
  await emailForm.getByText('not confirmed yet').waitFor();
  check(await emailForm.getByLabel('Email address').inputValue() === email, 'settings show the address');
  check(await visible(emailForm.getByRole('button', { name: 'Send a new link' })), 'a new link can be asked for');
  await axe(page, 'settings with an unconfirmed address');

  // Follow the mailed link
  const first = await awaitMail(email, 1);
  check(first.subject === 'Confirm your email address for Roost', 'the confirmation mail arrives');
  const link = linkIn(first.text);
  await page.goto(link);
  await page.getByText('Your email address is confirmed').waitFor();
  check(!page.url().includes('token'), 'the token leaves the address bar');
  await axe(page, 'the confirmation page');
  await page.screenshot({ path: `${process.argv[3]}/verify-email-desktop.png` });

  await page.goto('/settings');
  await emailForm.getByText(`${email}: confirmed`).waitFor();
  check(await hidden(emailForm.getByRole('button', { name: 'Send a new link' })), 'no new link for a confirmed address');

  // Change it: the password is needed, the new address gets a link, the old one a notice
  const fresh = `${username}.new@example.com`;
  await emailForm.getByLabel('Email address').fill(fresh);
  await emailForm.getByRole('button', { name: 'Save email' }).click();
  await page.getByText('Please correct the fields marked below.').waitFor();
  check(await emailForm.getByLabel('Current password').getAttribute('aria-invalid') === 'true', 'a wrong password is marked on its field');
  await emailForm.getByLabel('Current password').fill('a long enough password');
  await emailForm.getByRole('button', { name: 'Save email' }).click();
  await page.getByText(`We mailed a link to ${fresh}`).waitFor();
  await emailForm.getByText('not confirmed yet').waitFor();
  const notice = await awaitMail(email, 2);
  check(notice.subject === 'Your Roost email address was changed' && notice.text.includes(fresh), 'the old address is told');
  const freshMail = await awaitMail(fresh, 1);
  check(freshMail.subject === 'Confirm your email address for Roost', 'the new address gets a link');
  await page.goto(linkIn(freshMail.text));
  await page.getByText('Your email address is confirmed').waitFor();

  // Forgot password: from the sign-in page, by email address, to a new password
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
  await axe(page, 'the forgot-password page');
  await page.getByLabel('Username or email').fill(fresh);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByText('If an account matches').waitFor();
  const reset = await awaitMail(fresh, 2);
  check(reset.subject === 'Set a new password for Roost', 'the reset mail arrives');
  await page.goto(linkIn(reset.text));
  await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
  check(!page.url().includes('token'), 'the reset token leaves the address bar');
  await axe(page, 'the new-password page');
  await page.getByLabel('New password').fill('short');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await page.getByText('Use at least 8 characters').waitFor();
  await page.getByLabel('New password').fill('a fresh long password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await page.getByText('you are signed out everywhere').waitFor();
  await page.getByRole('link', { name: 'Sign in' }).last().click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('a fresh long password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Home' }).waitFor();
  check(true, 'signs in with the new password');

  // Two-factor sign-in: set up from the key, confirmed with a first code; recovery codes shown once
  await page.goto('/settings');
  const twoFactor = page.getByRole('form', { name: 'Two-factor sign-in' });
  await twoFactor.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await twoFactor.getByRole('img', { name: 'QR code to add Roost to your authenticator app' }).waitFor();
  const key = (await twoFactor.locator('.totp-secret').innerText()).trim();
  await axe(page, 'two-factor enrolment');
  await twoFactor.getByLabel('Code from the app').fill(totp(key));
  await twoFactor.getByLabel('Current password').fill('a fresh long password');
  await twoFactor.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const codes = twoFactor.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await codes.first().waitFor();
  check(await counted(codes, 10), 'ten recovery codes are shown');
  const recoveryCode = (await codes.first().innerText()).trim();
  const secondRecoveryCode = (await codes.nth(1).innerText()).trim();
  await axe(page, 'the recovery codes');
  await page.screenshot({ path: `${process.argv[3]}/two-factor-desktop.png`, fullPage: true });
  await twoFactor.getByRole('button', { name: 'I have saved them' }).click();
  await twoFactor.getByText('Two-factor sign-in is on. 10 recovery codes left.').waitFor();

  // Signing in now asks for a code
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('a fresh long password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
  await axe(page, 'the second sign-in step');
  await page.getByLabel('Code from your authenticator app').fill('000000' === totp(key, 1) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByText('Not the current code of your authenticator app', { exact: false }).waitFor();
  await page.getByLabel('Code from your authenticator app').fill(totp(key, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { name: 'Home' }).waitFor();
  check(true, 'signs in with the second factor');

  // My devices: a tablet signs in (with a recovery code), the desktop lists it and signs it out
  const tablet = await person({ width: 820, height: 1180 }, { userAgent: 'Roost e2e tablet' });
  await tablet.page.goto('/login');
  await tablet.page.getByLabel('Username').fill(username);
  await tablet.page.getByLabel('Password').fill('a fresh long password');
  await tablet.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await tablet.page.getByLabel('Code from your authenticator app').fill(recoveryCode);
  await tablet.page.getByRole('button', { name: 'Verify' }).click();
  await tablet.page.getByRole('heading', { name: 'Home' }).waitFor();
  check(true, 'a recovery code signs in in place of a code');
  await page.goto('/settings');
  const devicesForm = page.getByRole('form', { name: 'Signed-in devices' });
  await devicesForm.getByText('Roost e2e tablet').waitFor();
  await devicesForm.getByText('(this device)').waitFor();
  await axe(page, 'settings with devices and two-factor sign-in on');
  await page.screenshot({ path: `${process.argv[3]}/settings-accounts-desktop.png`, fullPage: true });
  await devicesForm.getByRole('button', { name: 'Sign out Roost e2e tablet' }).click();
  await page.getByText('Signed out Roost e2e tablet.').waitFor();
  await tablet.page.goto('/settings');
  await tablet.page.getByRole('heading', { name: 'Sign in' }).waitFor();
  check(true, 'the signed-out tablet is back at the sign-in page');
  await tablet.context.close();

  // An app asks for access: the OAuth sign-in page asks for the second factor too (a phone, in dark mode)
  const app = await person({ width: 390, height: 844 }, { isMobile: true, hasTouch: true, colorScheme: 'dark' });
  const verifier = 'e2e-verifier-that-is-long-enough-for-pkce-rules-0123456789';
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  await app.page.goto(`/oauth2/authorize?response_type=code&client_id=roost-demo-app&scope=openid%20profile&state=e2e`
    + `&redirect_uri=${encodeURIComponent('http://127.0.0.1:8081/callback')}&code_challenge=${challenge}&code_challenge_method=S256`);
  await app.page.getByLabel('Username').fill(username);
  await app.page.getByLabel('Password').fill('a fresh long password');
  await app.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await app.page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
  await axe(app.page, 'the OAuth sign-in page\'s second step (dark, phone)');
  await fitsTheScreen(app.page, 'the OAuth second step on a phone');
  await app.page.getByLabel('Code from your authenticator app').fill('not-a-code');
  await app.page.getByRole('button', { name: 'Verify' }).click();
  await app.page.getByText('That code is not right', { exact: false }).waitFor();
  await app.page.getByLabel('Code from your authenticator app').fill(secondRecoveryCode);
  await app.page.getByRole('button', { name: 'Verify' }).click();
  await app.page.getByRole('heading', { name: 'Allow access?' }).waitFor();
  await axe(app.page, 'the consent page after two-factor sign-in (dark, phone)');
  check(true, 'the OAuth sign-in page takes a recovery code as the second factor and goes on to consent');
  await app.context.close();

  // A spent link, on a phone, signed out
  const phone = await person({ width: 390, height: 844 }, { isMobile: true, hasTouch: true });
  await phone.page.goto(link);
  await phone.page.getByText('This link is unknown, expired or already used').waitFor();
  await axe(phone.page, 'a spent link on a phone');
  await fitsTheScreen(phone.page, 'the confirmation page on a phone');
  await phone.page.screenshot({ path: `${process.argv[3]}/verify-email-phone.png` });
  await phone.context.close();
});
