// Load for bench/soak.sh: a mixed load through the balancer until the stop file appears, with WebSocket and SSE
// subscribers, health probes per instance, a line per minute and a final count of lost writes.
//
//   node bench/soak.mjs <balancer url> <instance urls, comma-separated> <rate per s> <stop file> <max seconds>
//
// Each minute: requests, failures (network or 5xx), 429s, p50/p99 ms, posts acknowledged, events received over
// WebSocket and SSE, subscriber reconnects, and per instance the health probes that timed out (an instance that
// accepts a connection and answers nothing for 5 s: a freeze) and the ones refused (stopped, as in a restart).
// At the end every acknowledged post is read back by its author: a post acknowledged (201) and not found is lost.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../src/test/node/package.json', import.meta.url));
const { createClient } = require('graphql-ws');
const WebSocket = require('ws');

const [base, instancesArg, rateArg, stopFile, maxArg] = process.argv.slice(2);
const instances = instancesArg.split(',');
const rate = Number(rateArg);
const endAt = Date.now() + Number(maxArg) * 1000;
const PASSWORD = 'a long enough password';
const json = { 'Content-Type': 'application/json' };

let minute = fresh();
function fresh() {
  return { requests: 0, failures: 0, limited: 0, latencies: [], acked: 0, ws: 0, sse: 0, reconnects: 0,
    probeTimeouts: instances.map(() => 0), probeRefused: instances.map(() => 0), failureKinds: {} };
}
const totals = { requests: 0, failures: 0, limited: 0, acked: 0, ws: 0, sse: 0, freezes: 0 };
const acked = []; // [authorIndex, postId]

async function timed(path, init = {}, ms = 10000) {
  const started = performance.now();
  minute.requests++;
  try {
    const res = await fetch(base + path, { ...init, signal: AbortSignal.timeout(ms) });
    const text = await res.text();
    minute.latencies.push(performance.now() - started);
    if (res.status === 429) minute.limited++;
    if (res.status >= 500) { minute.failures++; minute.failureKinds[res.status] = (minute.failureKinds[res.status] || 0) + 1; }
    return { status: res.status, text };
  } catch (e) {
    minute.failures++;
    const kind = e.name === 'TimeoutError' ? 'timeout' : (e.cause?.code || e.name);
    minute.failureKinds[kind] = (minute.failureKinds[kind] || 0) + 1;
    return { status: 0, text: '' };
  }
}

async function setupUser(i) {
  const username = 'soak' + Date.now().toString(36) + i;
  for (;;) {
    const made = await timed('/api/v1/users', { method: 'POST', headers: json, body: JSON.stringify({ username, name: 'Soak ' + i, password: PASSWORD }) });
    if (made.status === 201) return { id: JSON.parse(made.text).id, username, token: null };
    if (made.status === 409) throw new Error('username taken: ' + username);
    await new Promise((r) => setTimeout(r, 1000));
  }
}
async function signIn(user) {
  const res = await timed('/auth/token', { method: 'POST', headers: json, body: JSON.stringify({ username: user.username, password: PASSWORD }) });
  if (res.status === 200) user.token = JSON.parse(res.text).access_token;
  return res.status;
}

const users = [];
for (let i = 0; i < 20; i++) users.push(await setupUser(i));
for (const u of users) while ((await signIn(u)) !== 200) await new Promise((r) => setTimeout(r, 1000));
for (let i = 1; i < users.length; i++) { // everyone follows user 0, so feeds have something
  await timed(`/api/v1/users/${users[0].id}/followers/${users[i].id}`, { method: 'PUT', headers: { Authorization: 'Bearer ' + users[i].token } });
}

// Subscribers: two over WebSocket, two over SSE, each reconnecting when its stream ends (a restart ends it).
const wsBase = base.replace(/^http/, 'ws') + '/graphql';
function wsSubscriber(user) {
  const client = createClient({ url: wsBase, webSocketImpl: WebSocket, lazy: false, retryAttempts: Infinity,
    retryWait: async () => new Promise((r) => setTimeout(r, 1000)),
    connectionParams: () => ({ Authorization: 'Bearer ' + user.token }),
    on: { connected: () => { minute.reconnects++; } } });
  client.subscribe({ query: 'subscription { postCreated { id } }' }, { next: () => { minute.ws++; }, error: () => {}, complete: () => {} });
  return client;
}
async function sseSubscriber(user) {
  while (Date.now() < endAt && !existsSync(stopFile)) {
    minute.reconnects++;
    try {
      const res = await fetch(base + '/graphql', { method: 'POST', headers: { ...json, Accept: 'text/event-stream', Authorization: 'Bearer ' + user.token },
        body: JSON.stringify({ query: 'subscription { postCreated { id } }' }), signal: AbortSignal.timeout(Math.max(1000, endAt - Date.now())) });
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffered = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffered += decoder.decode(value, { stream: true });
        let cut;
        while ((cut = buffered.indexOf('\n\n')) >= 0) {
          if (/^event: ?next/m.test(buffered.slice(0, cut))) minute.sse++;
          buffered = buffered.slice(cut + 2);
        }
      }
    } catch { /* the stream ended with its instance: reconnect */ }
    await new Promise((r) => setTimeout(r, 1000));
  }
}
const wsClients = [wsSubscriber(users[1]), wsSubscriber(users[2])];
sseSubscriber(users[3]);
sseSubscriber(users[4]);

// Health probes, each instance every 2 s: a timeout is an instance that accepts and answers nothing.
const probes = setInterval(() => instances.forEach(async (url, i) => {
  try {
    await fetch(url + '/actuator/health/liveness', { signal: AbortSignal.timeout(5000) });
  } catch (e) {
    if (e.name === 'TimeoutError') { minute.probeTimeouts[i]++; totals.freezes++; } else minute.probeRefused[i]++;
  }
}), 2000);

let n = 0;
async function one() {
  const u = users[n++ % users.length];
  const res = await request(u);
  if (res.status === 401) await signIn(u); // its token expired: sign in again, as an app would
}
async function request(u) {
  const auth = { Authorization: 'Bearer ' + u.token };
  const pick = Math.random();
  if (pick < 0.35) return timed(`/api/v1/users/${users[Math.floor(Math.random() * users.length)].id}`, { headers: auth });
  if (pick < 0.50) return timed('/api/v1/feed', { headers: auth });
  if (pick < 0.65) {
    const res = await timed(`/api/v1/users/${u.id}/posts`, { method: 'POST', headers: { ...json, ...auth }, body: JSON.stringify({ title: 'Soak ' + n, body: 'at ' + new Date().toISOString() }) });
    if (res.status === 201) { minute.acked++; acked.push([users.indexOf(u), JSON.parse(res.text).id]); }
    return res;
  }
  if (pick < 0.85) return timed('/graphql', { method: 'POST', headers: { ...json, ...auth }, body: JSON.stringify({ query: `{ user(id: "${users[0].id}") { name posts(first: 10) { title likeCount } } }` }) });
  if (pick < 0.95) return timed(`/api/v1/users/${users[0].id}/posts?limit=20`, { headers: auth });
  const status = await signIn(u);
  return { status };
}

function pct(sorted, p) { return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]) : 0; }
let minuteNo = 0;
console.log('| min | requests | failures | 429 | p50 ms | p99 ms | posts acked | WS events | SSE events | reconnects | probe timeouts | probes refused | failure kinds |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
const reporter = setInterval(() => {
  const m = minute; minute = fresh(); minuteNo++;
  const sorted = m.latencies.sort((a, b) => a - b);
  for (const k of ['requests', 'failures', 'limited', 'acked', 'ws', 'sse']) totals[k] += m[k];
  console.log(`| ${minuteNo} | ${m.requests} | ${m.failures} | ${m.limited} | ${pct(sorted, 0.5)} | ${pct(sorted, 0.99)} | ${m.acked} | ${m.ws} | ${m.sse} | ${m.reconnects} | ${m.probeTimeouts.join('/')} | ${m.probeRefused.join('/')} | ${JSON.stringify(m.failureKinds)} |`);
}, 60000);

const interval = 1000 / rate;
let next = performance.now();
while (Date.now() < endAt && !existsSync(stopFile)) {
  one(); // not awaited: a fixed arrival rate, whatever the answers take (an open system, as real clients are)
  next += interval;
  const wait = next - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}
clearInterval(probes);
clearInterval(reporter);
wsClients.forEach((c) => c.dispose());
await new Promise((r) => setTimeout(r, 3000)); // the last requests' answers

// Every acknowledged post, read back by its author.
let lost = 0;
const lostIds = [];
for (const [i, id] of acked) {
  const u = users[i];
  let res;
  for (let attempt = 0; attempt < 5; attempt++) {
    res = await fetch(`${base}/api/v1/users/${u.id}/posts/${id}`, { headers: { Authorization: 'Bearer ' + u.token }, signal: AbortSignal.timeout(10000) }).catch(() => ({ status: 0 }));
    if (res.status === 401) { await signIn(u); continue; }
    if (res.status !== 429 && res.status !== 0 && res.status < 500) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  if (res.status !== 200) { lost++; if (lostIds.length < 10) lostIds.push(`${id}:${res.status}`); }
}
console.log();
console.log(`Totals: ${totals.requests} requests, ${totals.failures} failures, ${totals.limited} answered 429, ${totals.acked} posts acknowledged, ` +
  `${lost} lost ${lostIds.length ? '(' + lostIds.join(' ') + ')' : ''}, ${totals.ws} WebSocket and ${totals.sse} SSE events, ${totals.freezes} probe timeouts (freezes)`);
process.exit(0);
