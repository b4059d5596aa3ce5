// See hostile-graphql.sh. Sends the documents and subscription floods of the "holes" drill to one Roost and
// prints what each costs: refusal latency, liveness latency meanwhile, the caps met, heap per subscription.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
const require = createRequire(new URL('../src/test/node/package.json', import.meta.url));
const WebSocket = require('ws');

const [base, pid] = process.argv.slice(2);
const json = { 'Content-Type': 'application/json', Accept: 'application/graphql-response+json' };
const rest = { 'Content-Type': 'application/json' };
const password = 'a long enough password';

function fanOut(levels, width) {
  let doc = 'query { ...F0 }';
  for (let i = 0; i < levels; i++) {
    const body = i === levels - 1 ? '__typename' : Array(width).fill(`...F${i + 1}`).join(' ');
    doc += ` fragment F${i} on Query { ${body} }`;
  }
  return doc;
}
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const ms = (x) => x.toFixed(1);
async function timed(fn) { const t = performance.now(); const r = await fn(); return [performance.now() - t, r]; }
async function post(query) {
  const response = await fetch(base + '/graphql', { method: 'POST', headers: json, body: JSON.stringify({ query }) });
  return { status: response.status, body: await response.text() };
}
async function liveness(n) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const [t, r] = await timed(() => fetch(base + '/actuator/health/liveness'));
    if (r.status !== 200) throw new Error(`liveness ${r.status}`);
    times.push(t);
  }
  return times;
}
function heapUsedMb() {
  execFileSync('jcmd', [pid, 'GC.run']);
  const info = execFileSync('jcmd', [pid, 'GC.heap_info']).toString();
  const m = info.match(/used (\d+)K/);
  return Number(m[1]) / 1024;
}

console.log('| drill | figure |\n|---|---|');
for (const [name, doc] of [['30 levels x 2 (1 KB)', fanOut(30, 2)], ['27 levels x 2', fanOut(27, 2)], ['12 levels x 4', fanOut(12, 4)]]) {
  const times = []; let last;
  for (let i = 0; i < 20; i++) { const [t, r] = await timed(() => post(doc)); times.push(t); last = r; }
  const code = JSON.parse(last.body).errors[0].extensions.code;
  console.log(`| ${name}, ${doc.length} bytes, 20 tries | ${last.status} ${code}, p50 ${ms(pct(times, 0.5))} ms, max ${ms(Math.max(...times))} ms |`);
}

const quiet = await liveness(50);
let attacking = true; let refused = 0;
const attackers = Array.from({ length: 3 }, async () => {
  while (attacking) { const r = await post(fanOut(30, 2)); if (r.status === 400) refused++; }
});
const during = await liveness(100);
attacking = false; await Promise.all(attackers);
console.log(`| liveness alone, 50 calls | p50 ${ms(pct(quiet, 0.5))} ms, p99 ${ms(pct(quiet, 0.99))} ms |`);
console.log(`| liveness with 3 fan-out callers in a loop, 100 calls (${refused} documents refused meanwhile) | p50 ${ms(pct(during, 0.5))} ms, p99 ${ms(pct(during, 0.99))} ms, max ${ms(Math.max(...during))} ms |`);

async function account(prefix) {
  const username = `${prefix}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  const u = await (await fetch(base + '/api/v1/users', { method: 'POST', headers: rest, body: JSON.stringify({ username, name: 'Drill', password }) })).json();
  const t = await (await fetch(base + '/auth/token', { method: 'POST', headers: rest, body: JSON.stringify({ username, password }) })).json();
  if (!u.id || !t.access_token) throw new Error(`account: ${JSON.stringify(u)} ${JSON.stringify(t)}`);
  return { id: u.id, token: t.access_token };
}
function socket(token) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(base.replace('http', 'ws') + '/graphql', 'graphql-transport-ws');
    const counts = { error: 0, next: 0, messages: [] };
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString());
      if (m.type === 'connection_ack') resolve({ ws, counts });
      if (m.type === 'error') { counts.error++; counts.last = JSON.stringify(m.payload[0].extensions.code); }
      if (m.type === 'next') counts.next++;
    });
    ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: { Authorization: `Bearer ${token}` } })));
    ws.on('error', reject);
    ws.on('close', (code) => reject(new Error(`socket closed ${code}`)));
  });
}
const sleep = (t) => new Promise((r) => setTimeout(r, t));
const sub = (id, author) => JSON.stringify({ id: String(id), type: 'subscribe', payload: {
  query: 'subscription($a: ID) { postCreated(authorId: $a) { title } }', variables: { a: String(author) } } });

const flooder = await account('flood');
const { ws, counts } = await socket(flooder.token);
const [floodTime] = await timed(async () => {
  for (let i = 1; i <= 2000; i++) ws.send(sub(i, flooder.id));
  for (let i = 0; i < 200 && counts.error < 1900; i++) await sleep(50);
});
console.log(`| one socket, 2,000 subscribe messages | ${2000 - counts.error} open, ${counts.error} refused with the protocol's error (${counts.last}) in ${ms(floodTime)} ms |`);
ws.close(); await sleep(500);

const before = heapUsedMb();
const sockets = [];
for (let u = 0; u < 10; u++) {
  const a = await account('heap');
  const s = await socket(a.token);
  for (let i = 1; i <= 100; i++) s.ws.send(sub(i, `${u * 1000 + i}`)); // distinct variables: no shared execution
  sockets.push(s);
}
await sleep(2000);
const after = heapUsedMb();
const extra = await account('over');
const over = await socket(extra.token);
over.ws.send(sub(1, 1)); await sleep(500);
console.log(`| 1,000 distinct subscriptions over 10 sockets (the per-address cap) | heap after GC ${ms(before)} -> ${ms(after)} MB: ${ms((after - before) * 1024 / 1000)} KB each; the 1,001st refused: ${over.counts.error === 1 ? 'yes' : 'no'} |`);
for (const s of [...sockets, over]) s.ws.close();
process.exit(0);
