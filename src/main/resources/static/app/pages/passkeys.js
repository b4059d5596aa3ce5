// Settings: passkeys, to sign in without a password: add one on this device, rename or remove any of them.
import { api } from '../api.js';
import { h, field, showError, errorBox } from '../dom.js';
import { session } from '../shell.js';
import { timeAgo } from '../components/time.js';
import { addPasskey, supported } from '../passkeys.js';
import { withReauthentication } from '../reauth.js';

const LABEL_HINT = 'Up to 64 characters, such as the device it is on.';

export function passkeysSection(section) {
  const base = `/api/v1/users/${session.me.id}/passkeys`;
  const list = h('ul', { class: 'devices', 'aria-label': 'Your passkeys', hidden: true });
  const empty = h('p', { class: 'hint' }, 'No passkeys yet.');
  const element = section('Passkeys', [
    ...field('Passkey name', { name: 'label', maxlength: 64, required: true, hint: LABEL_HINT }),
    h('button', { type: 'submit', disabled: !supported() }, 'Add a passkey'),
    supported() ? null : h('p', { class: 'hint' }, 'This browser cannot make passkeys.')], async (form) => {
    const label = form.elements.label.value.trim();
    if (!label) throw { message: 'Please correct the fields marked below.', details: [{ field: 'label', message: 'must not be blank' }] };
    await withReauthentication(() => addPasskey(label));
    form.elements.label.value = '';
    await draw();
    return `Passkey “${label}” added.`;
  });
  const errors = element.querySelector('[role=alert]');
  const done = element.querySelector('[role=status]');
  // The list stays outside the form that adds one, so that each passkey's rename form is a form of its own
  element.querySelector('form').before(
    h('p', {}, 'A passkey signs you in with this device’s screen lock or security key, without your password.'), list, empty);

  function renameForm(passkey, item) {
    const form = h('form', { novalidate: true, class: 'rename', 'aria-label': `Rename passkey ${passkey.label}` },
      ...field('New name', { name: 'label', id: `rename-${passkey.id}`, value: passkey.label, maxlength: 64, required: true, hint: LABEL_HINT }),
      h('button', { type: 'submit', class: 'small' }, 'Save passkey name'),
      h('button', { type: 'button', class: 'secondary small', onclick: () => draw() }, 'Cancel'));
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      errors.hidden = true;
      try {
        const renamed = await api('PATCH', `${base}/${passkey.id}`, { label: form.elements.label.value });
        done.textContent = `Passkey renamed to “${renamed.label}”.`;
        await draw();
      } catch (error) { showError(errors, error, form); }
    });
    item.replaceChildren(form);
    form.elements.label.focus();
  }

  function row(passkey) {
    const item = h('li', { class: 'device' });
    item.append(h('p', {}, h('strong', {}, passkey.label)),
      h('p', { class: 'hint' }, 'Added ', timeAgo(passkey.created_at),
        passkey.last_used_at ? [' · last used ', timeAgo(passkey.last_used_at)] : ' · not used yet'),
      h('button', { type: 'button', class: 'secondary small', 'aria-label': `Rename passkey ${passkey.label}`,
        onclick: () => renameForm(passkey, item) }, 'Rename'),
      ' ',
      h('button', { type: 'button', class: 'secondary small', 'aria-label': `Remove passkey ${passkey.label}`,
        onclick: async () => {
          errors.hidden = true;
          try {
            await api('DELETE', `${base}/${passkey.id}`);
            done.textContent = `Passkey “${passkey.label}” removed.`;
            await draw();
          } catch (error) { showError(errors, error); }
        } }, 'Remove'));
    return item;
  }

  async function draw() {
    const { items } = await api('GET', base);
    list.replaceChildren(...items.map(row));
    list.hidden = !items.length;
    empty.hidden = !!items.length;
  }
  draw().catch((error) => showError(errors, error));
  return element;
}
