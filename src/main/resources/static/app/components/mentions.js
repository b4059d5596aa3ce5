// "@username" in a post's text as a link to that person's profile, built as text nodes and links (never HTML).
// A mention is "@" after a start or a character that cannot be in an address or a name (so "a@b.example" is not
// one), then a username by the sign-up rule: a letter or digit, then letters, digits, "_", "." or "-", ending in a
// letter or digit, 3 to 32 characters.
import { h } from '../dom.js';

const MENTION = /(^|[^A-Za-z0-9_.@-])@([A-Za-z0-9][A-Za-z0-9_.-]{1,30}[A-Za-z0-9])(?![A-Za-z0-9_-])/g;

/**
 * The text's parts: strings and links for each mention. With a post's stored mentions (the API resolved them when
 * it was written: [{id, username}]), only those are links, so a "@name" of nobody stays text; without them (a bio)
 * every well-formed "@name" is.
 */
export function withMentions(text, stored) {
  const known = stored ? new Set(stored.map((m) => m.username.toLowerCase())) : null;
  const parts = [];
  let last = 0;
  for (const match of text.matchAll(MENTION)) {
    if (known && !known.has(match[2].toLowerCase())) continue;
    const at = match.index + match[1].length;
    parts.push(text.slice(last, at));
    parts.push(h('a', { href: `/u/${encodeURIComponent(match[2])}`, class: 'mention' }, `@${match[2]}`));
    last = at + 1 + match[2].length;
  }
  parts.push(text.slice(last));
  return parts.filter((part) => part !== '');
}
