// The developer console's "Register an app" form: the rules of each field shown before anything is sent, the
// redirect URIs checked here first (the same rules as the API's registration.RedirectUriRules, which stays the judge).
import { api } from '../api.js';
import { h, field, showError, errorBox, clearFieldErrors } from '../dom.js';
import { SCOPE_WORDS } from '../components/scopes.js';

const REDIRECT_HINT = 'One per line, 1 to 10. Use https://, or http:// only on 127.0.0.1, [::1] or localhost for an app '
  + 'that runs on the person\'s own computer. No fragment (#), no wildcard (*), no other scheme (javascript:, data: …): '
  + 'each address is matched exactly, port included.';
const LOOPBACK = ['127.0.0.1', '[::1]', 'localhost'];

/** Why uri cannot be a redirect URI, in plain words, or null when it can. */
export function redirectUriProblem(uri) {
  if (uri.length > 2000) return 'is longer than 2,000 characters';
  if (uri.includes('*')) return 'has a wildcard (*): list each address in full';
  if (uri.includes('#')) return 'has a fragment (#…), which a redirect URI cannot have';
  let url;
  try { url = new URL(uri); } catch { return 'is not a full address (such as https://example.com/callback)'; }
  if (url.username || url.password) return 'carries a user name or password';
  if (url.protocol === 'https:') return url.hostname ? null : 'names no host';
  if (url.protocol === 'http:') return LOOPBACK.includes(url.hostname) ? null : 'uses http: use https, or http only on 127.0.0.1, [::1] or localhost';
  return `uses ${url.protocol} — only https (or http on a loopback address) is allowed`;
}

/** What the form would send, or the problems to show beside its fields. */
function read(form) {
  const uris = form.elements.redirect_uris.value.split('\n').map((line) => line.trim()).filter(Boolean);
  const scopes = [...form.querySelectorAll('input[name=scope]:checked')].map((box) => box.value);
  const details = [];
  const name = form.elements.name.value.trim();
  if (!name || name.length > 100) details.push({ field: 'name', message: name ? 'Use at most 100 characters' : 'Give the app a name' });
  if (!uris.length || uris.length > 10) details.push({ field: 'redirect_uris', message: uris.length ? 'List at most 10 addresses' : 'List at least one address' });
  const problems = uris.map((uri) => [uri, redirectUriProblem(uri)]).filter(([, problem]) => problem);
  if (problems.length) details.push({ field: 'redirect_uris', message: problems.map(([uri, problem]) => `“${uri}” ${problem}`).join('. ') });
  if (!scopes.length) details.push({ field: 'scopes', message: 'Choose at least one thing the app may ask for' });
  return { app: { name, redirect_uris: uris, type: form.elements.type.value, scopes }, details };
}

/** The form; onCreated(app) receives the registered app (with its secret, shown once). */
export function appForm(onCreated) {
  const errors = errorBox();
  const choice = (name, value, label, hint, checked) => h('div', { class: 'choice' },
    h('input', { type: name === 'type' ? 'radio' : 'checkbox', name, value, id: `app-${name}-${value}`, checked }),
    h('label', { for: `app-${name}-${value}` }, label, hint ? h('span', { class: 'hint' }, ` ${hint}`) : null));
  // a fieldset named as the API's field, so that showError marks it (the boxes inside are named "scope" and "type")
  const group = (name, legend, hint, choices) => [h('fieldset', { name, id: `f-${name}`, 'aria-describedby': `f-${name}-hint` },
    h('legend', {}, legend), h('p', { class: 'hint', id: `f-${name}-hint` }, hint), ...choices,
    h('p', { class: 'field-error', id: `f-${name}-error`, hidden: true }))];
  const form = h('form', { novalidate: true, 'aria-label': 'Register an app' },
    field('Name', { name: 'name', required: true, maxlength: 100, hint: '1 to 100 characters. People see it on the consent page, with your username.' }),
    field('Redirect URIs', { name: 'redirect_uris', multiline: true, required: true, spellcheck: 'false', autocapitalize: 'off',
      placeholder: 'https://example.com/callback', hint: REDIRECT_HINT }),
    group('app_type', 'Type', 'Both use PKCE. Only a confidential app gets a secret and refresh tokens.', [
      choice('type', 'confidential', 'Confidential', '(a server that can keep a secret)', true),
      choice('type', 'public', 'Public', '(a browser or mobile app: no secret)', false)]),
    group('scopes', 'Scopes', 'What the app may ask a person to allow; they choose on the consent page.',
      Object.entries(SCOPE_WORDS).map(([scope, words]) => choice('scope', scope, words, scope, scope === 'openid'))),
    h('button', { type: 'submit' }, 'Register app'));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    errors.hidden = true;
    clearFieldErrors(form);
    const { app, details } = read(form);
    try {
      if (details.length) throw Object.assign(new Error('Please correct the fields marked below.'), { details });
      const created = await api('POST', '/api/v1/apps', app);
      form.reset();
      onCreated(created);
    } catch (error) { showError(errors, error, form); }
  });
  return h('section', {}, h('h2', {}, 'Register an app'), errors, form);
}
