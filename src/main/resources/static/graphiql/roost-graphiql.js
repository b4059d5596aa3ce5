// GraphiQL against /graphql with the browser's session: writes echo the XSRF-TOKEN cookie, and
// subscriptions arrive as Server-Sent Events (POST with Accept: text/event-stream).
(function () {
  function xsrf() {
    const match = document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/);
    return match ? decodeURIComponent(match[1]) : '';
  }
  function headers(accept) {
    return { 'Content-Type': 'application/json', 'Accept': accept, 'X-XSRF-TOKEN': xsrf() };
  }
  async function* events(response) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = (block.match(/^event:\s*(.*)$/m) || [])[1];
        const data = block.split('\n').filter(l => l.startsWith('data:')).map(l => l.slice(5).trim()).join('\n');
        if (event === 'complete') return;
        if (event === 'next' && data) yield JSON.parse(data);
      }
    }
  }
  // Headers typed into GraphiQL's Headers tab win; with an Authorization header the cookie stays home, so a
  // bearer token is tried on its own.
  function fetcher(params, options) {
    const subscription = /^\s*subscription\b/m.test(params.query || '');
    const extra = (options && options.headers) || {};
    const bearer = Object.keys(extra).some(name => name.toLowerCase() === 'authorization');
    const request = fetch('/graphql', {
      method: 'POST', credentials: bearer ? 'omit' : 'same-origin',
      headers: Object.assign(headers(subscription ? 'text/event-stream' : 'application/json'), extra),
      body: JSON.stringify(params)
    });
    if (!subscription) return request.then(r => r.json());
    return (async function* () { yield* events(await request); })();
  }
  // Signed out, queries that need a user answer UNAUTHENTICATED: say so before the first one is run.
  fetch('/graphql', { method: 'POST', credentials: 'same-origin', headers: headers('application/json'),
    body: JSON.stringify({ query: '{ me { username } }' }) })
    .then(r => r.json())
    .then(result => {
      const me = result && result.data && result.data.me;
      const note = document.createElement('p');
      note.setAttribute('role', 'status');
      note.id = 'roost-session';
      note.style.cssText = 'margin:0;padding:6px 12px;font:14px system-ui,sans-serif;background:#f6f5f4;color:#1a1a1a';
      if (me) {
        note.textContent = 'Signed in as ' + me.username + ': queries run with your session.';
      } else {
        note.append('You are not signed in. ');
        const link = document.createElement('a');
        link.href = '/login';
        link.textContent = 'Sign in';
        note.append(link, ', or put {"Authorization": "Bearer …"} in the Headers tab.');
      }
      document.body.prepend(note);
      document.getElementById('graphiql').style.height = 'calc(100vh - ' + note.offsetHeight + 'px)';
    })
    .catch(() => { /* GraphiQL itself reports an unreachable endpoint */ });
  const root = ReactDOM.createRoot(document.getElementById('graphiql'));
  root.render(React.createElement(GraphiQL, { fetcher: fetcher, defaultEditorToolsVisibility: true }));
})();
