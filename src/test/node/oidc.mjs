// The authorization server as a real client library meets it: openid-client (v6) configured from the discovery
// document only, driving every flow Roost advertises. The person's browser is fetch with a cookie jar (sign-in,
// consent and device pages are plain HTML forms). Usage: node oidc.mjs <base-url>. Prints "ok - ..." per check,
// "FAIL - ..." for a failed one, and "all passed" at the end when none failed.
import http from 'node:http';
import * as client from 'openid-client';
import * as jose from 'jose';

const base = process.argv[2];
const server = new URL(base);
const insecure = { execute: [client.allowInsecureRequests] }; // the test server speaks plain HTTP on localhost
const password = 'a long enough password';
let failures = 0;

function check(ok, what) {
  console.log(`${ok ? 'ok' : 'FAIL'} - ${what}`);
  if (!ok) failures++;
}

const decode = (text) => text.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<')
  .replaceAll('&gt;', '>').replaceAll('&amp;', '&');

function attribute(tag, name) {
  const match = tag.match(new RegExp(`\\s${name}="([^"]*)"`));
  return match ? decode(match[1]) : undefined;
}

/** The page's POST forms: action and the fields a browser would send (hidden, text, checked boxes). */
function forms(html) {
  return [...html.matchAll(/<form[^>]*>([\s\S]*?)<\/form>/g)].map(([whole, inner]) => {
    const fields = new URLSearchParams();
    for (const [tag] of inner.matchAll(/<input[^>]*>/g)) {
      const type = attribute(tag, 'type') ?? 'text';
      if (attribute(tag, 'name') && (type !== 'checkbox' || /\schecked/.test(tag))) {
        fields.append(attribute(tag, 'name'), attribute(tag, 'value') ?? '');
      }
    }
    return { action: attribute(whole.match(/<form[^>]*>/)[0], 'action'), fields, allow: inner.includes('id="allow"') };
  });
}

/** A person's browser: cookies kept, redirects within the server followed, the first one elsewhere returned. */
class Browser {
  cookies = new Map();

  async request(url, init = {}) {
    const headers = new Headers(init.headers);
    if (this.cookies.size) {
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const response = await fetch(new URL(url, base), { ...init, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(';')[0];
      const name = pair.slice(0, pair.indexOf('=')).trim();
      const value = pair.slice(pair.indexOf('=') + 1).trim();
      if (!value || /max-age=0/i.test(cookie)) this.cookies.delete(name); else this.cookies.set(name, value);
    }
    return response;
  }

  async follow(url, init) {
    let response = await this.request(url, init);
    for (let hops = 0; hops < 10 && response.status >= 300 && response.status < 400; hops++) {
      const location = new URL(response.headers.get('location'), base);
      if (location.origin !== server.origin) return response;
      response = await this.request(location);
    }
    return response;
  }

  async submit(form, extra = {}) {
    for (const [name, value] of Object.entries(extra)) form.fields.set(name, value);
    return this.follow(form.action, { method: 'POST', body: form.fields });
  }
}

/** A new person with their own browser. */
async function signUp(prefix) {
  const username = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  let response;
  // 503 with Retry-After when password hashing is saturated (a loaded test machine): a client waits and retries
  for (let attempt = 0; attempt < 5; attempt++) {
    response = await fetch(new URL('/api/v1/users', base), {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, name: 'Oidc Person', password }),
    });
    if (response.status !== 503) break;
    await new Promise((resolve) => setTimeout(resolve, 1000 * Number(response.headers.get('retry-after') ?? 1)));
  }
  if (response.status !== 201) throw new Error(`sign-up answered ${response.status}`);
  return { username, id: (await response.json()).id, browser: new Browser() };
}

/** The browser's part of an authorization request: sign in when asked, allow when asked; returns the callback URL. */
async function authorize(person, url) {
  let response = await person.browser.follow(url);
  for (let pages = 0; pages < 4 && response.status === 200; pages++) {
    const html = await response.text();
    const [form] = forms(html);
    if (html.includes('name="password"')) {
      response = await person.browser.submit(form, { username: person.username, password });
    }
    else if (form?.allow) {
      response = await person.browser.submit(form);
    }
    else {
      throw new Error(`unexpected page at ${response.url}`);
    }
  }
  if (response.status !== 302 && response.status !== 303) throw new Error(`authorization ended with ${response.status}`);
  return new URL(response.headers.get('location'));
}

/** Code + PKCE (+ nonce, state) through the browser; the token response, validated by openid-client. */
async function codeFlow(config, person, redirectUri, scope, { par = false, DPoP } = {}) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const parameters = {
    redirect_uri: redirectUri, scope, state, nonce,
    code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256',
  };
  const url = par ? await client.buildAuthorizationUrlWithPAR(config, parameters, { DPoP })
    : client.buildAuthorizationUrl(config, parameters);
  const callback = await authorize(person, url);
  return client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state,
    expectedNonce: nonce }, undefined, { DPoP });
}

async function errorOf(promise) {
  try {
    await promise;
    return 'no error';
  }
  catch (error) {
    return error.error ?? error.cause?.error ?? error.code ?? String(error);
  }
}

/** The client's back-channel logout endpoint: resolves `received` with the first logout token POSTed to it. */
function logoutReceiver() {
  let deliver;
  const received = new Promise((resolve) => { deliver = resolve; });
  const receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => { body += chunk; });
    request.on('end', () => {
      const token = new URLSearchParams(body).get('logout_token');
      response.writeHead(token && request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
        ? 200 : 400).end();
      if (token) deliver(token);
    });
  });
  return new Promise((resolve) => receiver.listen(0, '127.0.0.1', () => resolve({
    uri: `http://127.0.0.1:${receiver.address().port}/backchannel-logout`, received, close: () => receiver.close(),
  })));
}

const within = (promise, ms, what) => Promise.race([promise,
  new Promise((_, reject) => setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms))]);

async function main() {
  // Discovery
  const service = await client.discovery(server, 'roost-demo-service', 'demo-service-secret',
    client.ClientSecretBasic('demo-service-secret'), insecure);
  const metadata = service.serverMetadata();
  check(metadata.issuer === server.href.replace(/\/$/, ''), 'discovery: the issuer is the server');
  check(metadata.backchannel_logout_supported === true && metadata.backchannel_logout_session_supported === true,
    'discovery: back-channel logout with sid is advertised');
  for (const endpoint of ['authorization_endpoint', 'token_endpoint', 'jwks_uri', 'userinfo_endpoint',
    'end_session_endpoint', 'introspection_endpoint', 'revocation_endpoint', 'pushed_authorization_request_endpoint',
    'device_authorization_endpoint', 'registration_endpoint']) {
    check(typeof metadata[endpoint] === 'string' && new URL(metadata[endpoint]).origin === server.origin,
      `discovery: ${endpoint} is on the server`);
  }
  for (const grant of ['authorization_code', 'refresh_token', 'client_credentials',
    'urn:ietf:params:oauth:grant-type:device_code', 'urn:ietf:params:oauth:grant-type:token-exchange']) {
    check(metadata.grant_types_supported.includes(grant), `discovery: grant ${grant} is listed`);
  }

  // Authorization code + PKCE, userinfo, the API
  const person = await signUp('oc');
  const redirect = 'http://127.0.0.1:8082/callback';
  const tokens = await codeFlow(service, person, redirect, 'openid profile users:read');
  const idClaims = tokens.claims();
  check(idClaims.sub === String(person.id), 'code + PKCE: the ID token (checked by openid-client) names the person');
  check(typeof idClaims.sid === 'string', 'code + PKCE: the ID token carries sid');
  const userinfo = await client.fetchUserInfo(service, tokens.access_token, idClaims.sub);
  check(userinfo.preferred_username === person.username, 'userinfo answers for the person');
  const own = await client.fetchProtectedResource(service, tokens.access_token,
    new URL(`/api/v1/users/${person.id}`, base), 'GET');
  check(own.status === 200, 'the API takes the access token');

  // Refresh, then revocation (introspection says inactive, the refresh token is refused)
  const refreshed = await client.refreshTokenGrant(service, tokens.refresh_token);
  check(typeof refreshed.access_token === 'string' && refreshed.access_token !== tokens.access_token,
    'refresh: a new access token');
  const refreshToken = refreshed.refresh_token ?? tokens.refresh_token;
  check((await client.tokenIntrospection(service, refreshToken)).active === true, 'introspection: the refresh token is active');
  await client.tokenRevocation(service, refreshToken);
  check((await client.tokenIntrospection(service, refreshToken)).active === false, 'revocation: introspection says inactive');
  check(await errorOf(client.refreshTokenGrant(service, refreshToken)) === 'invalid_grant',
    'revocation: the revoked refresh token is refused');

  // PAR
  const pushed = await codeFlow(service, person, redirect, 'openid users:read', { par: true });
  check(pushed.claims().sub === String(person.id), 'PAR: the pushed request yields tokens');

  // DPoP-bound tokens
  const DPoP = client.getDPoPHandle(service, await client.randomDPoPKeyPair('ES256'));
  const bound = await codeFlow(service, person, redirect, 'openid users:read', { DPoP });
  check(bound.token_type === 'dpop', `DPoP: the token type is DPoP (${bound.token_type})`);
  check(typeof jose.decodeJwt(bound.access_token).cnf?.jkt === 'string', 'DPoP: the access token is bound (cnf.jkt)');
  const withProof = await client.fetchProtectedResource(service, bound.access_token,
    new URL(`/api/v1/users/${person.id}`, base), 'GET', undefined, undefined, { DPoP });
  check(withProof.status === 200, 'DPoP: the API takes the bound token with a proof');
  const boundRefresh = await client.refreshTokenGrant(service, bound.refresh_token, undefined, { DPoP });
  check(boundRefresh.token_type === 'dpop', 'DPoP: refresh with a proof stays bound');

  // Token exchange, by a client of Spring Boot's properties with that grant type (the first grant's tokens were
  // revoked with its refresh token: PAR's stand in)
  const exchanger = await client.discovery(server, 'test-exchanger', 'exchanger-secret',
    client.ClientSecretBasic('exchanger-secret'), insecure);
  const exchanged = await client.genericGrantRequest(exchanger, 'urn:ietf:params:oauth:grant-type:token-exchange', {
    subject_token: pushed.access_token, subject_token_type: 'urn:ietf:params:oauth:token-type:access_token',
    scope: 'users:read',
  });
  const exchangedClaims = jose.decodeJwt(exchanged.access_token);
  check(exchangedClaims.sub === String(person.id) && exchangedClaims.act?.sub === 'test-exchanger',
    'token exchange: the new token names the person and the acting client');

  // The device flow, by a public client of Spring Boot's properties with the device_code grant
  const tv = await client.discovery(server, 'roost-demo-tv', undefined, client.None(), insecure);
  const device = await client.initiateDeviceAuthorization(tv, { scope: 'users:read posts:read' });
  check(await errorOf(client.genericGrantRequest(tv, 'urn:ietf:params:oauth:grant-type:device_code',
    { device_code: device.device_code })) === 'authorization_pending', 'device flow: polling first answers authorization_pending');
  let page = await person.browser.follow(device.verification_uri_complete);
  for (let pages = 0; pages < 4 && page.status === 200; pages++) {
    const html = await page.text();
    if (html.includes('Device connected')) break;
    const [form] = forms(html);
    page = await person.browser.submit(form, html.includes('name="password"')
      ? { username: person.username, password } : {});
  }
  check(page.status === 200, 'device flow: the person approves on the device pages');
  const deviceTokens = await client.pollDeviceAuthorizationGrant(tv, device);
  check(typeof deviceTokens.access_token === 'string', 'device flow: polling then succeeds');

  // Dynamic registration (initial access token from a client allowed client.create), then back-channel logout
  const registrar = await client.discovery(server, 'test-registrar', 'registrar-secret',
    client.ClientSecretBasic('registrar-secret'), insecure);
  const initial = await client.clientCredentialsGrant(registrar, { scope: 'client.create' });
  const receiver = await logoutReceiver();
  try {
    const app = await client.dynamicClientRegistration(server, {
      client_name: 'openid-client app', redirect_uris: ['http://127.0.0.1:9/callback'], grant_types: ['authorization_code'],
      response_types: ['code'], scope: 'openid users:read', token_endpoint_auth_method: 'client_secret_post',
      backchannel_logout_uri: receiver.uri, backchannel_logout_session_required: true,
    }, undefined, { initialAccessToken: initial.access_token, ...insecure });
    const registered = app.clientMetadata();
    check(typeof registered.client_id === 'string' && registered.backchannel_logout_uri === receiver.uri,
      'dynamic registration: a client with a back-channel logout URI');
    const appTokens = await codeFlow(app, person, 'http://127.0.0.1:9/callback', 'openid users:read');
    const sid = appTokens.claims().sid;
    const endSession = client.buildEndSessionUrl(app, { id_token_hint: appTokens.id_token });
    const loggedOut = await person.browser.request(endSession);
    check(loggedOut.status === 302, 'RP-initiated logout at the end-session endpoint');
    const logoutToken = await within(receiver.received, 20000, 'back-channel logout');
    const { payload, protectedHeader } = await jose.jwtVerify(logoutToken,
      jose.createRemoteJWKSet(new URL(metadata.jwks_uri)), { issuer: metadata.issuer, audience: registered.client_id,
        typ: 'logout+jwt', maxTokenAge: '2 minutes' });
    check(protectedHeader.typ === 'logout+jwt', 'back-channel logout: a logout+jwt signed with a key of the JWKS');
    check(payload.sid === sid && payload.sub === String(person.id) && typeof payload.jti === 'string'
      && payload.nonce === undefined, 'back-channel logout: sub, sid and jti of the session, no nonce');
    check(JSON.stringify(payload.events) === '{"http://schemas.openid.net/event/backchannel-logout":{}}',
      'back-channel logout: the events claim');

    // The advertised JWT client authentication: client_secret_jwt with a registered client; private_key_jwt needs
    // an https jwks_uri (a plain-HTTP one is refused), which this test cannot serve
    check(metadata.token_endpoint_auth_methods_supported.includes('client_secret_jwt')
      && metadata.token_endpoint_auth_methods_supported.includes('private_key_jwt'), 'discovery: JWT client authentication is listed');
    const register = async (extra) => client.dynamicClientRegistration(server, {
      // a registered client gets only authorization_code and refresh_token (roost.registration.allowed-grant-types),
      // so its JWT authentication is shown at the introspection endpoint
      client_name: 'signed', grant_types: ['authorization_code'], scope: 'users:read',
      redirect_uris: ['http://127.0.0.1:9/callback'], ...extra,
    }, undefined, { initialAccessToken: (await client.clientCredentialsGrant(registrar, { scope: 'client.create' })).access_token,
      ...insecure });
    const signed = (await register({ token_endpoint_auth_method: 'client_secret_jwt' })).clientMetadata();
    const signing = await client.discovery(server, signed.client_id, undefined,
      client.ClientSecretJwt(signed.client_secret), insecure);
    const introspected = await client.tokenIntrospection(signing, 'not-a-token');
    check(introspected.active === false, 'client_secret_jwt: a client authenticates with it');
    check(await errorOf(register({ token_endpoint_auth_method: 'private_key_jwt',
      jwks_uri: 'http://127.0.0.1:9/jwks' })) === 'invalid_client_metadata',
    'private_key_jwt: a jwks_uri without https is refused at registration');
  }
  finally {
    receiver.close();
  }
}

try {
  await main();
}
catch (error) {
  check(false, `${error.message}${error.cause ? ` (${JSON.stringify(error.cause)})` : ''}`);
  console.log(error.stack);
}
if (failures === 0) console.log('all passed');
process.exit(failures === 0 ? 0 : 1);
