// See graphql.sh. Signs up a user with a few posts, then measures each case for the same time.
const [base, seconds, concurrency] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const password = 'a long enough password';
const username = `bench_${Date.now().toString(36)}`;

async function call(path, init = {}) {
  const response = await fetch(base + path, init);
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return response;
}

const json = { 'Content-Type': 'application/json' };
const created = await (await call('/api/v1/users', { method: 'POST', headers: json,
  body: JSON.stringify({ username, name: 'Bench', password }) })).json();
const login = await call('/login', { method: 'POST', headers: json, body: JSON.stringify({ username, password }) });
const cookies = login.headers.getSetCookie().map(c => c.split(';')[0]);
const xsrf = cookies.find(c => c.startsWith('XSRF-TOKEN=')).slice('XSRF-TOKEN='.length);
const auth = { cookie: cookies.join('; '), 'X-XSRF-TOKEN': xsrf };
for (let i = 0; i < 5; i++) {
  await call(`/api/v1/users/${created.id}/posts`, { method: 'POST', headers: { ...json, ...auth },
    body: JSON.stringify({ title: `Post ${i}`, body: 'text' }) });
}

const seed = JSON.stringify({ query: 'query($id: ID!) { user(id: $id) { name posts { title } } }', variables: { id: created.id } });
const cases = {
  'GraphQL seed query (1 request)': async () => {
    const r = await call('/graphql', { method: 'POST', headers: { ...json, ...auth }, body: seed });
    const body = await r.json();
    if (body.errors) throw new Error(JSON.stringify(body.errors));
  },
  'REST equivalent (2 requests: user + posts)': async () => {
    await (await call(`/api/v1/users/${created.id}`, { headers: auth })).json();
    await (await call(`/api/v1/users/${created.id}/posts`, { headers: auth })).json();
  },
};

async function measure(operation) {
  for (let i = 0; i < 50; i++) await operation(); // warm-up
  let done = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (Date.now() < end) { await operation(); done++; }
  }));
  return done / seconds;
}

console.log(`${base}, ${seconds}s per case, concurrency ${concurrency}`);
for (const [name, operation] of Object.entries(cases)) {
  const perSecond = await measure(operation);
  console.log(`${name}: ${perSecond.toFixed(0)} operations/s`);
}
