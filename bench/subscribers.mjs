// See subscribers.sh. Opens N graphql-transport-ws subscribers to postCreated, spread round robin over
// the given instances, makes P posts through the first instance one after another, and prints the
// delivery latency (POST sent -> event received, every subscriber of every post) and the POST latency.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(new URL('../src/test/node/package.json', import.meta.url));
const WebSocket = require('ws');

const [targetsArg, subscribersArg, postsArg, warmupArg] = process.argv.slice(2);
const targets = targetsArg.split(',');
const subscribers = Number(subscribersArg);
const posts = Number(postsArg);
const warmup = Number(warmupArg || 0);
const password = 'a long enough password';
const json = { 'Content-Type': 'application/json' };

async function call(base, path, init) {
  const response = await fetch(base + path, init);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

const username = `subs_${Date.now().toString(36)}`;
const user = await call(targets[0], '/api/v1/users', { method: 'POST', headers: json,
  body: JSON.stringify({ username, name: 'Bench', password }) });
const { access_token: token } = await call(targets[0], '/auth/token', { method: 'POST', headers: json,
  body: JSON.stringify({ username, password }) });

const received = new Map(); // title -> array of receive times
const subscribe = JSON.stringify({ id: '1', type: 'subscribe', payload: {
  query: 'subscription($a: ID) { postCreated(authorId: $a) { id title } }', variables: { a: user.id } } });
let failed = 0;
let closedEarly = 0;

function open(base) {
  return new Promise(resolve => {
    const socket = new WebSocket(base.replace('http', 'ws') + '/graphql', 'graphql-transport-ws', { perMessageDeflate: false });
    let done = false;
    const finish = ok => { if (!done) { done = true; if (!ok) failed++; resolve(socket); } };
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { Authorization: `Bearer ${token}` } })));
    socket.on('message', data => {
      const text = data.toString();
      if (text.includes('"connection_ack"')) { socket.send(subscribe); finish(true); return; }
      const at = text.indexOf('"title":"');
      if (at < 0) return;
      const title = text.slice(at + 9, text.indexOf('"', at + 9));
      const list = received.get(title);
      if (list) list.push(performance.now());
    });
    socket.on('error', () => finish(false));
    socket.on('close', () => { if (done) closedEarly++; finish(false); });
    setTimeout(() => finish(false), 30_000);
  });
}

const sockets = [];
const openStarted = performance.now();
for (let i = 0; i < subscribers; i += 200) {
  const batch = [];
  for (let j = i; j < Math.min(i + 200, subscribers); j++) batch.push(open(targets[j % targets.length]));
  sockets.push(...await Promise.all(batch));
}
console.log(`opened ${subscribers - failed}/${subscribers} subscribers over ${targets.length} instance(s) in ${((performance.now() - openStarted) / 1000).toFixed(1)} s`);
await new Promise(r => setTimeout(r, 3000)); // subscriptions are set up after connection_ack

// CPU seconds (user + system) of the Roost instances, from /proc (Linux), and of this client, so that
// the share the client itself takes of a small machine is visible next to the latencies.
const roostPids = (process.env.ROOST_PIDS || '').split(' ').filter(Boolean);
const ticks = pid => { try { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return Number(f[11]) + Number(f[12]); } catch { return NaN; } };
const roostCpu = () => roostPids.reduce((sum, pid) => sum + ticks(pid), 0) / 100; // USER_HZ is 100 on Linux
const clientCpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
let cpuAtStart = null;

const deliveries = [];
const postMillis = [];
const expected = subscribers - failed;
let complete = 0;
for (let p = -warmup; p < posts; p++) {
  if (p === 0) cpuAtStart = { roost: roostCpu(), client: clientCpu(), wall: performance.now() };
  const title = `bench-${p}-${Date.now()}`;
  received.set(title, []);
  const sent = performance.now();
  await call(targets[0], `/api/v1/users/${user.id}/posts`, { method: 'POST',
    headers: { ...json, Authorization: `Bearer ${token}` }, body: JSON.stringify({ title, body: 'text' }) });
  const postTook = performance.now() - sent;
  const deadline = performance.now() + 10_000;
  while (received.get(title).length < expected && performance.now() < deadline) await new Promise(r => setTimeout(r, 5));
  const times = received.get(title);
  received.delete(title);
  if (p >= 0) {
    postMillis.push(postTook);
    if (times.length >= expected) complete++;
    for (const t of times) deliveries.push(t - sent);
  }
  await new Promise(r => setTimeout(r, 200));
}

const pct = (values, q) => { const s = [...values].sort((a, b) => a - b); return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN; };
const ms = v => `${v.toFixed(1)} ms`;
console.log(`posts ${posts}, fully delivered ${complete}/${posts}, deliveries ${deliveries.length}/${posts * expected}, closed early ${closedEarly}`);
console.log(`delivery latency  p50 ${ms(pct(deliveries, 0.5))}  p99 ${ms(pct(deliveries, 0.99))}  max ${ms(deliveries.reduce((a, b) => Math.max(a, b), 0))}`);
console.log(`POST latency      p50 ${ms(pct(postMillis, 0.5))}  p99 ${ms(pct(postMillis, 0.99))}  max ${ms(postMillis.reduce((a, b) => Math.max(a, b), 0))}`);
const wall = (performance.now() - cpuAtStart.wall) / 1000;
const roostSeconds = roostCpu() - cpuAtStart.roost;
console.log(`CPU over ${wall.toFixed(1)} s of posting: Roost ${roostSeconds.toFixed(1)} s `
  + `(${(roostSeconds * 1e6 / Math.max(1, deliveries.length)).toFixed(0)} µs per delivery), this client ${(clientCpu() - cpuAtStart.client).toFixed(1)} s`);
for (const s of sockets) s.terminate();
process.exit(0);
