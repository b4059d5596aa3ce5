// One GraphQL request per burst of ids instead of one per id: the ids asked for in the same tick (the buttons a page
// draws together) are collected and asked in one field that takes a list (usersById, postsById: not an alias per
// id, the server allows 15 aliases), at most maxIds a request. fetch(ids) resolves to a Map from id to answer; an id
// it leaves out answers undefined. A failed request rejects every id it carried, after one warning in the console.
export function batched(fetch, maxIds, warning) {
  let pending = null;
  return (id) => {
    if (!pending) {
      pending = new Map();
      queueMicrotask(async () => {
        const batch = pending;
        pending = null;
        const ids = [...batch.keys()];
        for (let start = 0; start < ids.length; start += maxIds) {
          const chunk = ids.slice(start, start + maxIds);
          try {
            const answers = await fetch(chunk);
            chunk.forEach((each) => batch.get(each).forEach(({ resolve }) => resolve(answers.get(each))));
          } catch (error) {
            console.warn(warning, error.message);
            chunk.forEach((each) => batch.get(each).forEach(({ reject }) => reject(error)));
          }
        }
      });
    }
    return new Promise((resolve, reject) => {
      const waiters = pending.get(id) || [];
      waiters.push({ resolve, reject });
      pending.set(id, waiters);
    });
  };
}
