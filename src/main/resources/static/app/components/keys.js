// Keyboard: j and k move between the posts of a page, each post a focusable unit (as on other microblogs). Keys are
// left alone while one types in a field, and with a modifier held.
export function postKeys() {
  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || !['j', 'k'].includes(event.key)) return;
    if (event.target instanceof Element && event.target.closest('input, textarea, select, [contenteditable]')) return;
    const posts = [...document.querySelectorAll('main article.post')];
    if (!posts.length) return;
    const at = posts.indexOf(document.activeElement?.closest('article.post'));
    const next = event.key === 'j' ? Math.min(at + 1, posts.length - 1) : Math.max(at - 1, 0);
    event.preventDefault();
    posts[next].focus();
    posts[next].scrollIntoView({ block: 'nearest' });
  });
}
