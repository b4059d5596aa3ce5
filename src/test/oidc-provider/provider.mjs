// A real third-party OpenID Connect provider (oidc-provider) for the federation tests: one confidential client,
// `roost` / `roost-secret`, that may be sent back to any local Roost's /login/oauth2/code/{id}; any login name is an
// account, its subject the name, its other claims made up from it: email <login>@example.test, verified unless the name ends in
// "-unverified"; preferred_username the name, name "Provider <login>". Consent is taken as given.
// Usage: node provider.mjs   (prints "issuer <url>" once it listens on a free loopback port)
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const server = createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const claimsOf = (login) => ({
  sub: login,
  email: `${login}@example.test`,
  email_verified: !login.endsWith('-unverified'),
  preferred_username: login,
  name: `Provider ${login}`,
});

const provider = new Provider(issuer, {
  clients: [{
    client_id: 'roost',
    client_secret: 'roost-secret',
    redirect_uris: ['http://localhost/login/oauth2/code/test'],
    grant_types: ['authorization_code'],
    response_types: ['code'],
  }],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
  cookies: { keys: ['federation-test-only-key'] },
  findAccount: (ctx, id) => ({ accountId: id, claims: () => claimsOf(id) }),
  // The person consented once and for all: the test is about Roost, not this provider's consent page.
  async loadExistingGrant(ctx) {
    const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
    grant.addOIDCScope('openid email profile');
    await grant.save();
    return grant;
  },
});
// Roost runs on a port chosen at start: any local Roost's callback is a registered redirect URI.
const registered = provider.Client.prototype.redirectUriAllowed;
provider.Client.prototype.redirectUriAllowed = function allowed(uri) {
  return /^http:\/\/(localhost|127\.0\.0\.1):\d+\/login\/oauth2\/code\/[a-z0-9-]+$/.test(uri) || registered.call(this, uri);
};
server.on('request', provider.callback());
console.log(`issuer ${issuer}`);
