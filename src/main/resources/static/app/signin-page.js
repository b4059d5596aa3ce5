// The OAuth sign-in page's "Sign in with a passkey": the page is plain HTML; this adds the button's ceremony. On
// success the server says where the authorization goes on; a refusal is shown in the page's alert.
import { signInWithPasskey, supported } from './passkeys.js';

const box = document.getElementById('passkey');
const error = document.getElementById('passkey-error');
if (box && supported()) {
  box.hidden = false;
  document.getElementById('passkey-sign-in').addEventListener('click', async () => {
    error.hidden = true;
    try {
      const { redirect_url: next } = await signInWithPasskey('/signin/passkey',
        { [box.dataset.csrfHeader]: box.dataset.csrf }, '/signin/passkey/options');
      location.assign(next);
    } catch (refused) {
      error.textContent = refused.message;
      error.hidden = false;
    }
  });
}
