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
  const root = ReactDOM.createRoot(document.getElementById('graphiql'));
  root.render(React.createElement(GraphiQL, { fetcher: fetcher, defaultEditorToolsVisibility: true }));
})();
