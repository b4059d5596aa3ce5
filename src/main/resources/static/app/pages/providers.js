// Settings: the providers (OpenID Connect) I can sign in with: linked ones, removing one, linking another.
import { api } from '../api.js';
import { h, showError } from '../dom.js';
import { session } from '../shell.js';
import { timeAgo } from '../components/time.js';

/** Offered only when a provider is configured or one is still linked; otherwise nothing is shown. */
export function providersSection(section) {
  const base = `/api/v1/users/${session.me.id}/identities`;
  const list = h('ul', { class: 'devices', 'aria-label': 'Linked providers' });
  const offers = h('div', {});
  const note = h('p', { class: 'hint' });
  const element = section('Sign-in providers', [note, list, offers], async () => '');
  element.hidden = true;
  const errors = element.querySelector('[role=alert]');
  const done = element.querySelector('[role=status]');
  const linked = new URLSearchParams(location.search).get('linked');

  async function draw() {
    const [{ items: providers }, { items, password_set: passwordSet }] = await Promise.all([
      api('GET', '/auth/providers'), api('GET', base)]);
    element.hidden = providers.length === 0 && items.length === 0;
    note.textContent = passwordSet ? 'You can sign in with your password or with any provider linked here.'
      : 'Your account has no password: you sign in with a provider linked here. To set a password, use "Forgot password?" on the sign-in page.';
    list.replaceChildren(...items.map((identity) => h('li', { class: 'device' },
      h('p', {}, h('strong', {}, identity.provider_name), identity.email ? ` (${identity.email})` : ''),
      h('p', { class: 'hint' }, 'Linked ', timeAgo(identity.linked_at)),
      h('button', { type: 'button', class: 'secondary small', 'aria-label': `Remove ${identity.provider_name}`,
        onclick: async () => {
          errors.hidden = true;
          try {
            await api('DELETE', `${base}/${identity.id}`);
            done.textContent = `Removed ${identity.provider_name}.`;
            await draw();
          } catch (error) { showError(errors, error); }
        } }, 'Remove'))));
    const linkedIds = new Set(items.map((identity) => identity.provider));
    offers.replaceChildren(...providers.filter((provider) => !linkedIds.has(provider.id)).map((provider) =>
      h('button', { type: 'button', class: 'secondary', onclick: async () => {
        errors.hidden = true;
        try {
          const { location: next } = await api('POST', `${base}/link-requests`, { provider: provider.id });
          window.location.assign(next);
        } catch (error) { showError(errors, error); }
      } }, `Link ${provider.name}`)));
    if (linked) {
      const name = providers.find((provider) => provider.id === linked)?.name;
      if (name) done.textContent = `Linked ${name}.`;
    }
  }
  draw().catch((error) => { element.hidden = false; showError(errors, error); });
  return element;
}
