// Runs the graphql-http server audits (GraphQL over HTTP conformance) against a live Roost, then
// checks that the graphql-ws client can talk to its WebSocket. Usage:
//   node audit.mjs <http url of /graphql> <SESSION cookie value>
// Exit code 1 when a MUST audit fails or the WebSocket check fails; SHOULD failures are listed only.
import { serverAudits } from 'graphql-http';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';

const [url, session] = process.argv.slice(2);
if (!url || !session) {
  console.error('usage: node audit.mjs <url> <session cookie value>');
  process.exit(2);
}

// The audits run as an anonymous client: GraphQL answers them without a credential
// (only fields that read or write data need one).
const results = await Promise.all(serverAudits({ url }).map(audit => audit.fn()));
const failed = status => results.filter(r => r.status === status);
for (const r of failed('warn')) console.log(`SHOULD failed: ${r.id} ${r.name} -- ${r.reason}`);
for (const r of failed('error')) console.log(`MUST failed: ${r.id} ${r.name} -- ${r.reason}`);
console.log(`audits: ${results.length}, ok: ${failed('ok').length}, SHOULD failures: ${failed('warn').length}, `
  + `MUST failures: ${failed('error').length}`);

function wsClient(cookie) {
  return createClient({
    url: url.replace(/^http/, 'ws'),
    lazy: false,
    retryAttempts: 0,
    webSocketImpl: class extends WebSocket {
      constructor(address, protocols) {
        super(address, protocols, cookie ? { headers: { cookie } } : {});
      }
    },
  });
}

async function query(client, q) {
  return await new Promise((resolve, reject) => {
    let result;
    client.subscribe({ query: q }, { next: r => (result = r), error: reject, complete: () => resolve(result) });
  });
}

let wsOk = true;
const anonymous = wsClient(null);
try {
  await query(anonymous, '{ me { id } }');
  console.log('graphql-ws: an anonymous connection was accepted');
  wsOk = false;
} catch (refused) {
  console.log(`graphql-ws: anonymous connection refused (${refused.code ?? refused.message ?? refused})`);
} finally {
  await anonymous.dispose();
}
const authenticated = wsClient(`SESSION=${session}`);
try {
  const result = await query(authenticated, '{ me { id username } }');
  console.log(`graphql-ws: ${JSON.stringify(result)}`);
  wsOk = wsOk && !!result?.data?.me?.id;
} catch (error) {
  console.log(`graphql-ws: authenticated query failed: ${error?.code ?? error?.message ?? error}`);
  wsOk = false;
} finally {
  await authenticated.dispose();
}

process.exit(failed('error').length === 0 && wsOk ? 0 : 1);
