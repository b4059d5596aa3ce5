// The developer console (/apps): the signed-in person's own apps (OAuth clients, GET /api/v1/apps answers only
// theirs), registered with appform.js; a secret is shown once, right after it is made, with a copy button; rotating
// a secret and deleting an app ask first, since both end what the app holds at once.
import { api } from '../api.js';
import { h, showError, errorBox } from '../dom.js';
import { page } from '../shell.js';
import { scopeWords } from '../components/scopes.js';
import { copyButton } from '../components/copy.js';
import { timeAgo } from '../components/time.js';
import { appForm } from './appform.js';

export function developerConsole() {
  const list = h('ul', { class: 'apps', 'aria-label': 'Your apps' });
  const status = h('p', { class: 'status', role: 'status' }, 'Loading…');
  const errors = errorBox();
  let fresh = null; // { client_id, client_secret } just made: shown in that app's entry until the page is redrawn

  async function draw() {
    try {
      const { items } = await api('GET', '/api/v1/apps');
      list.replaceChildren(...items.map(appItem));
      status.textContent = items.length ? '' : 'You have no apps yet. Register one above to get its client id.';
    } catch (error) {
      status.textContent = '';
      showError(errors, error);
    }
  }

  function secretBox(app) {
    const value = h('code', { class: 'secret', id: `secret-${app.client_id}` }, app.client_secret);
    return h('div', { class: 'once', role: 'group', 'aria-label': `Secret of ${app.name}` },
      h('p', {}, h('strong', {}, 'Copy this secret now: it is not shown again. '), 'Store it where your server keeps its settings.'),
      h('p', {}, value), copyButton(value, 'Copy secret'));
  }

  function ask(item, question, yes, action) {
    const actions = item.querySelector('.actions');
    const confirm = h('div', { class: 'confirm', role: 'group', 'aria-label': `Confirm: ${yes}` }, h('p', {}, question),
      h('div', { class: 'actions' }, h('button', { type: 'button', class: 'danger small', onclick: action }, yes),
        h('button', { type: 'button', class: 'secondary small', onclick: () => { confirm.replaceWith(actions); actions.querySelector('button').focus(); } }, 'Cancel')));
    actions.replaceWith(confirm);
    confirm.querySelector('button').focus();
  }

  function appItem(app) {
    const secret = fresh?.client_id === app.client_id ? fresh : null;
    const item = h('li', { class: 'app' },
      h('h3', { dir: 'auto' }, app.name),
      h('p', {}, 'Client id: ', h('code', {}, app.client_id)),
      h('p', { class: 'meta' }, `${app.type === 'confidential' ? 'Confidential' : 'Public (no secret)'} · registered `, timeAgo(app.created_at)),
      h('p', { class: 'hint' }, 'Redirect URIs:'), h('ul', { class: 'uris' }, app.redirect_uris.map((uri) => h('li', {}, h('code', {}, uri)))),
      h('p', { class: 'hint' }, `Scopes: ${app.scopes.map((scope) => `${scopeWords(scope)} (${scope})`).join(', ')}`),
      secret ? secretBox(secret) : null,
      h('div', { class: 'actions' },
        app.type === 'confidential' ? h('button', { type: 'button', class: 'secondary small', 'aria-label': `New secret for ${app.name}`,
          onclick: () => ask(item, `Make a new secret for ${app.name}? The current one stops working at once.`, 'Make new secret', async () => {
            try {
              fresh = await api('POST', `/api/v1/apps/${app.client_id}/secret`);
              const redrawn = appItem(fresh);
              item.replaceWith(redrawn);
              redrawn.querySelector('.once button').focus();
            } catch (error) { showError(errors, error); }
          }) }, 'New secret') : null,
        h('button', { type: 'button', class: 'secondary small', 'aria-label': `Delete ${app.name}`,
          onclick: () => ask(item, `Delete ${app.name}? Everyone's tokens for it stop working at once. This cannot be undone.`, 'Delete app', async () => {
            try {
              await api('DELETE', `/api/v1/apps/${app.client_id}`);
              item.remove();
              status.textContent = list.children.length ? `${app.name} deleted.` : `${app.name} deleted. You have no apps now.`;
            } catch (error) { showError(errors, error); }
          }) }, 'Delete')));
    return item;
  }

  page('Developer console',
    h('p', {}, 'Register apps that let people use their Roost account elsewhere: each gets a client id for the OAuth '
      + 'authorization code flow with PKCE. Only you see and change your apps. ',
    h('a', { href: '/swagger-ui.html' }, 'API documentation')),
    appForm(async (created) => {
      fresh = created.client_secret ? created : null;
      await draw();
      status.textContent = `${created.name} registered.`;
      (list.querySelector('.once button') || list.querySelector('li:last-child button'))?.focus();
    }),
    h('section', {}, h('h2', {}, 'Your apps'), errors, list, status));
  draw();
}
