// The service's own JSON API and GraphQL, with the session cookie and, on writes, the X-XSRF-TOKEN header.
export class ApiError extends Error {
  constructor(status, error, secondFactor) {
    super(error?.message || `Request failed (${status})`);
    this.status = status;
    this.code = error?.code;
    this.details = error?.details || [];
    this.secondFactor = secondFactor; // with SECOND_FACTOR_REQUIRED: { step_token, expires_in, methods }
  }
}

export const OFFLINE = 'You seem to be offline. Check your connection and try again.';

let onExpired = () => {};
export function whenSessionExpires(handler) { onExpired = handler; }

// Asked when a sensitive change is refused for an old sign-in (403 REAUTHENTICATION_REQUIRED): resolves true once
// the person re-authenticated, and the change is sent once more (reauth.js)
let onReauthenticate = async () => false;
export function whenReauthenticationNeeded(handler) { onReauthenticate = handler; }

function xsrf() {
  const match = document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/);
  return match ? decodeURIComponent(match[1]) : '';
}

export async function api(method, path, body, { quiet401 = false, retried = false } = {}) {
  const headers = { Accept: 'application/json' };
  if (method !== 'GET') headers['X-XSRF-TOKEN'] = xsrf();
  let payload = body;
  if (body !== undefined && !(body instanceof FormData)) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, { method, headers, body: payload, credentials: 'same-origin' });
  } catch {
    // fetch rejects only when no answer came at all ("Failed to fetch"): say so in plain words
    throw new ApiError(0, { code: 'OFFLINE', message: OFFLINE });
  }
  const text = await response.text();
  const json = parseJson(text, response.status);
  if (!response.ok) {
    if (response.status === 401 && !quiet401) onExpired();
    if (response.status === 403 && json?.error?.code === 'REAUTHENTICATION_REQUIRED' && !retried
        && await onReauthenticate()) {
      return api(method, path, body, { quiet401, retried: true });
    }
    throw new ApiError(response.status, json?.error, json?.second_factor);
  }
  return json;
}

export const UNAVAILABLE = 'Roost is not answering right now. Try again in a moment.';

/**
 * An answer's JSON. Not JSON (a proxy's HTML 502 or 504, a truncated body) is an ApiError a page can show and offer
 * to retry, not a SyntaxError that leaves the page as it was.
 */
function parseJson(text, status) {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(status, status >= 500 || status === 0
      ? { code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE }
      : { code: 'MALFORMED_ANSWER', message: `The service answered in a way this page cannot read (${status}). Try again.` });
  }
}

/** Whether the session has ended (a restart that lost it, a sign-out elsewhere); false when the service is unreachable. */
async function sessionEnded() {
  try {
    const result = await api('POST', '/graphql', { query: '{ me { id } }' }, { quiet401: true });
    return !result?.data?.me;
  } catch (error) {
    return error.status === 401;
  }
}

export async function gql(query, variables = {}) {
  const result = await api('POST', '/graphql', { query, variables });
  if (result.errors?.length) {
    const first = result.errors[0];
    const code = first.extensions?.code;
    if (code === 'UNAUTHENTICATED') onExpired();
    throw new ApiError(200, { code, message: first.message });
  }
  return result.data;
}

/**
 * graphql-transport-ws over the session cookie; calls onData for each result until stop() is called. When the
 * connection ends or fails it calls onDown once and tries again after 1 s, 2 s, 4 s … (at most 30 s); once a new
 * connection is acknowledged it calls onUp, so the caller can fetch what it missed meanwhile.
 */
export function subscribe(query, onData, { onDown = () => {}, onUp = () => {} } = {}) {
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`;
  let socket;
  let stopped = false;
  let down = false;
  let delay = 1000;
  let timer;
  const connect = () => {
    socket = new WebSocket(url, 'graphql-transport-ws');
    socket.addEventListener('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: {} })));
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(event.data);
      if (message.type === 'connection_ack') {
        socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query } }));
        delay = 1000;
        if (down) { down = false; onUp(); }
      } else if (message.type === 'next') {
        onData(message.payload.data);
      } else if (message.type === 'ping') {
        socket.send(JSON.stringify({ type: 'pong' }));
      } else if (message.type === 'complete' || message.type === 'error') {
        socket.close(1000); // the stream ended: start again
      }
    });
    socket.addEventListener('close', async () => {
      if (stopped) return;
      if (!down) { down = true; onDown(); }
      // A connection refused because the session ended would be retried for ever: ask once per drop whether the
      // session still holds, and send the person to sign in if it does not.
      if (await sessionEnded()) {
        if (!stopped) { stopped = true; onExpired(); }
        return;
      }
      if (stopped) return;
      timer = setTimeout(connect, delay);
      delay = Math.min(delay * 2, 30_000);
    });
  };
  connect();
  return { stop: () => { stopped = true; clearTimeout(timer); socket.close(1000); } };
}
