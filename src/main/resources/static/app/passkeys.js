// The two WebAuthn ceremonies against Spring Security's endpoints: adding a passkey (signed in) and signing in with
// one. The server's options are JSON with base64url bytes; the browser wants ArrayBuffers, and back again.
// Used by the web app and by the OAuth sign-in page, so it imports nothing.

const bytes = (text) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
const text = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer)))
  .replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const descriptors = (list) => (list || []).map((credential) => ({ ...credential, id: bytes(credential.id) }));

/** Whether this browser can make and use passkeys at all. */
export const supported = () => typeof window.PublicKeyCredential === 'function' && !!navigator.credentials;

/** A refusal in the contract's shape ({ code, message }), so callers show it like any API error. */
export class PasskeyError extends Error {
  constructor(status, error) {
    super(error?.message || `Request failed (${status})`);
    this.status = status;
    this.code = error?.code;
    this.details = error?.details || [];
  }
}

// The web app's CSRF token (a signed-in session's writes need it), wherever this runs on the site
function xsrf() {
  const match = document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/);
  return match ? { 'X-XSRF-TOKEN': decodeURIComponent(match[1]) } : {};
}

async function post(path, headers, body) {
  let response;
  try {
    response = await fetch(path, { method: 'POST', credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...xsrf(), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new PasskeyError(0, { code: 'OFFLINE', message: 'You seem to be offline. Check your connection and try again.' });
  }
  const answer = await response.text();
  const json = answer ? JSON.parse(answer) : null;
  if (!response.ok) throw new PasskeyError(response.status, json?.error);
  return json;
}

/** The browser's own refusal (cancelled, timed out, no authenticator) in words a person can act on. */
function cancelled(error) {
  if (error instanceof PasskeyError) return error;
  return new PasskeyError(0, { code: 'PASSKEY_CANCELLED',
    message: 'No passkey was used: the request was cancelled or timed out, or this device has none for Roost.' });
}

/** Makes a passkey on this device for the signed-in user and stores it under `label`. */
export async function addPasskey(label, headers = {}) {
  const options = await post('/webauthn/register/options', headers);
  let credential;
  try {
    credential = await navigator.credentials.create({ publicKey: { ...options, challenge: bytes(options.challenge),
      user: { ...options.user, id: bytes(options.user.id) }, excludeCredentials: descriptors(options.excludeCredentials) } });
  } catch (error) { throw cancelled(error); }
  const { response } = credential;
  return post('/webauthn/register', headers, { publicKey: { label, credential: {
    id: credential.id, rawId: text(credential.rawId), type: credential.type,
    response: { attestationObject: text(response.attestationObject), clientDataJSON: text(response.clientDataJSON),
      transports: response.getTransports ? response.getTransports() : [] },
    clientExtensionResults: credential.getClientExtensionResults(), authenticatorAttachment: credential.authenticatorAttachment } } });
}

/**
 * Signs in with a passkey of this device (no username, no password); answers what `path` answers. The OAuth sign-in
 * page passes its own paths, which keep the ceremony in its sign-in session.
 */
export async function signInWithPasskey(path = '/login/webauthn', headers = {}, optionsPath = '/webauthn/authenticate/options') {
  const options = await post(optionsPath, headers);
  let credential;
  try {
    credential = await navigator.credentials.get({ publicKey: { ...options, challenge: bytes(options.challenge),
      allowCredentials: descriptors(options.allowCredentials) } });
  } catch (error) { throw cancelled(error); }
  const { response } = credential;
  return post(path, headers, { id: credential.id, rawId: text(credential.rawId), type: credential.type,
    response: { authenticatorData: text(response.authenticatorData), clientDataJSON: text(response.clientDataJSON),
      signature: text(response.signature), userHandle: response.userHandle ? text(response.userHandle) : undefined },
    clientExtensionResults: credential.getClientExtensionResults(), authenticatorAttachment: credential.authenticatorAttachment });
}
