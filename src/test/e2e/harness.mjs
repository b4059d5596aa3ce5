// The shared parts of the browser scripts: Chromium, a person (a browser context that records console errors),
// axe-core (light and dark) and checks. A script: import { check, person, axe, finish } from './harness.mjs'; then `await finish()`.
import { readFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

export const [base, shots] = process.argv.slice(2);
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
export const failures = [];
export const problems = [];
/** Every page a person opened, and the answers of 400 and above their pages received: printed when a script fails. */
const pages = [];
const refusals = [];
export const check = (ok, what) => { console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`); if (!ok) failures.push(what); };
mkdirSync(shots, { recursive: true });

export const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--no-first-run'],
});

export async function person(viewport = { width: 1280, height: 800 }, options = {}) {
  const context = await browser.newContext({ viewport, baseURL: base, ...options });
  const page = await context.newPage();
  pages.push(page);
  page.on('requestfinished', async (request) => {
    const response = await request.response().catch(() => null);
    if (response && response.status() >= 400) refusals.push(`${request.method()} ${new URL(request.url()).pathname} ${response.status()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // The API links an avatar only when there is one: the app never asks for one that is not there
  page.on('response', (response) => {
    if (response.status() === 404 && /\/avatar$/.test(new URL(response.url()).pathname) && response.request().resourceType() === 'image') {
      problems.push(`an image request for a missing avatar: ${response.url()}`);
    }
  });
  page.on('console', (message) => {
    // Chromium logs every non-2xx response; the expected ones (a missing avatar, a refused password) are not bugs.
    if (message.type() === 'error' && !/Failed to load resource: the server responded with a status of (401|400|404|415)|net::ERR_INTERNET_DISCONNECTED/.test(message.text())) {
      problems.push(`console: ${message.text()}`);
    }
  });
  return { context, page };
}

/** The axe rules whose outcome depends on colours (both on by default in axe-core 4). */
const colourRules = ['color-contrast', 'link-in-text-block'];

/**
 * The page as it is, checked with axe-core (serious and critical violations fail) in light AND dark mode (the
 * system's colour scheme, emulated; all rules in the page's scheme, the colour rules in the other), then left in the
 * scheme it had; and no stray "null" or "undefined" in its text.
 */
export async function axe(page, name) {
  const text = await page.locator('body').innerText();
  check(!/\b(null|undefined)\b/.test(text), `no stray "null" or "undefined" on ${name}`);
  // A second run of the same flows on the other database leaves accessibility to the first (BrowserScripts.runPassingWithoutAxe).
  if (process.env.ROOST_E2E_AXE === 'off') return;
  const dark = await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
  const schemes = dark ? ['dark', 'light'] : ['light', 'dark'];
  for (const scheme of schemes) {
    await page.emulateMedia({ colorScheme: scheme });
    // Once per document: parsing axe's half a megabyte of source again for each check and scheme was a good part of
    // the browser tests' time (about 300 checks a run).
    if (!await page.evaluate(() => typeof window.axe === 'object')) await page.evaluate(axeSource);
    // All rules in the page's own scheme; in the other, only the rules a colour scheme can change. The pages' dark
    // scheme redefines colours and nothing else (app.css: one media query over custom properties), so names, roles,
    // labels and structure are the same in both; checking them again only repeated the first run.
    const options = scheme === schemes[0] ? { resultTypes: ['violations'] }
      : { resultTypes: ['violations'], runOnly: { type: 'rule', values: colourRules } };
    const result = await page.evaluate((o) => window.axe.run(document, o), options);
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    for (const v of serious) console.log(`     axe ${name} (${scheme}): ${v.id} ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    check(serious.length === 0, `axe: no serious or critical violations on ${name}, ${scheme}`);
  }
  await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
}

// Checks wait for what they look for, as Playwright's web-first assertions do (playwright-core has no expect):
// isVisible(), isHidden() and count() answer at once, before the page may have rendered what a check is about.
/** Whether the locator is visible within `timeout` ms. */
export const visible = (locator, timeout = 10000) => locator.waitFor({ state: 'visible', timeout }).then(() => true, () => false);
/** Whether the locator is hidden (or gone) within `timeout` ms; check something positive first, or this passes early. */
export const hidden = (locator, timeout = 10000) => locator.waitFor({ state: 'hidden', timeout }).then(() => true, () => false);
/** Whether the locator matches exactly `n` elements within `timeout` ms: the nth is there and the one after it is not. */
export async function counted(locator, n, timeout = 10000) {
  const there = n === 0 || await locator.nth(n - 1).waitFor({ state: 'attached', timeout }).then(() => true, () => false);
  return there && locator.nth(n).waitFor({ state: 'detached', timeout }).then(() => true, () => false);
}

export async function signUp(page, username) {
  await page.goto('/signup');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Name', { exact: true }).fill(`${username[0].toUpperCase()}${username.slice(1)}`);
  await page.getByLabel('Password').fill('a long enough password');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByRole('heading', { name: 'Home' }).waitFor();
}

export async function post(page, title, body) {
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Body').fill(body);
  await page.getByRole('button', { name: 'Post' }).click();
  await page.getByRole('heading', { name: title }).waitFor();
}

/** Runs a script's checks, records a thrown error as a failure, closes the browser and exits 0 only when all passed. */
export async function finish(run) {
  try {
    await run();
    check(problems.length === 0, `no console errors${problems.length ? ': ' + problems.join(' | ') : ''}`);
  } catch (error) {
    console.log(`FAIL ${error.stack || error}`);
    failures.push(String(error));
    // What the person saw, for a failure that only a loaded machine shows
    console.log(`     answers of 400 and above: ${refusals.slice(-20).join(' | ') || 'none'}`);
    console.log(`     console errors: ${problems.join(' | ') || 'none'}`);
    for (const page of pages.filter((p) => !p.isClosed())) {
      const said = await page.locator('[role=status], [role=alert]').allInnerTexts().catch(() => []);
      console.log(`     ${page.url()}: ${said.filter((t) => t.trim()).join(' | ') || 'no status or alert text'}`);
    }
  } finally {
    await browser.close();
  }
  console.log(failures.length ? `${failures.length} failed` : 'all passed');
  process.exit(failures.length ? 1 : 0);
}
