// The largest answer a visitor can ask of GraphQL: postsById(100 ids) { ancestors { id title body } } over a
// 100-deep thread of 10,000-character bodies (about 50 MB unbounded), and the 10 deepest posts' ancestors (within
// the cost limit, about 9.5 MB unbounded: the response budget's case). Prints what each attempt got: status, bytes,
// time, the error code; then six of the first at once. Used by bench/thread-answer.sh.
const base = process.argv[2];
const json = { 'Content-Type': 'application/json' };
const deadline = (ms) => AbortSignal.timeout(ms);

async function call(path, body, headers = {}) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const res = await fetch(base + path, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body), signal: deadline(30000) });
    if (res.status !== 429) return res;
    await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') || 1))); // the server's own wait
  }
  throw new Error('still 429 after 20 tries: ' + path);
}

const username = 'deep' + Date.now().toString(36);
const password = 'a long enough password';
const user = await (await call('/api/v1/users', { username, name: 'Deep', password })).json();
const { access_token: token } = await (await call('/auth/token', { username, password })).json();
const auth = { Authorization: 'Bearer ' + token };
const body = 'x'.repeat(9990);
const ids = [];
let parent = null;
for (let i = 0; i < 101; i++) {
  const res = await call(`/api/v1/users/${user.id}/posts`, { title: 'Level ' + i, body, in_reply_to: parent }, auth);
  if (res.status !== 201) throw new Error('post ' + i + ': ' + res.status + ' ' + (await res.text()));
  parent = (await res.json()).id;
  ids.push(parent);
}
const threadQuery = (posts) => `query { postsById(ids: [${posts.map((id) => `"${id}"`).join(',')}]) { ancestors { id title body } } }`;
const query = threadQuery(ids.slice(-100));
// Within the cost limit, over the response budget: the 10 deepest posts' ancestors, about 9.5 MB unbounded.
const budgetQuery = threadQuery(ids.slice(-10));

async function visitor(query) {
  const started = performance.now();
  const res = await fetch(base + '/graphql', { method: 'POST', headers: json, body: JSON.stringify({ query }), signal: deadline(60000) });
  const text = await res.text();
  let code = '';
  try { code = (JSON.parse(text).errors || []).map((e) => e.extensions?.code || e.extensions?.classification || e.message).join(',').slice(0, 60); } catch { code = 'not JSON'; }
  return { status: res.status, bytes: Buffer.byteLength(text), ms: Math.round(performance.now() - started), code };
}

console.log('| attempt | status | bytes | ms | errors |');
console.log('|---|---|---|---|---|');
for (let i = 1; i <= 3; i++) {
  const r = await visitor(query);
  console.log(`| 100 x 100, alone ${i} | ${r.status} | ${r.bytes} | ${r.ms} | ${r.code} |`);
}
for (let i = 1; i <= 3; i++) {
  const r = await visitor(budgetQuery);
  console.log(`| 10 x 100, alone ${i} | ${r.status} | ${r.bytes} | ${r.ms} | ${r.code} |`);
}
const started = performance.now();
const six = await Promise.all([1, 2, 3, 4, 5, 6].map(() => visitor(query)));
const total = six.reduce((sum, r) => sum + r.bytes, 0);
console.log(`| 100 x 100, six at once | ${[...new Set(six.map((r) => r.status))].join('/')} | ${total} in all | ${Math.round(performance.now() - started)} | ${[...new Set(six.map((r) => r.code))].join(' / ')} |`);
