// Like beside a post: a toggle button named "Like" (aria-pressed says whether I like it) and the count beside it.
// Whether I like each post a page shows is one GraphQL request per burst of buttons (postsById, not an alias per
// post: the server allows 15 aliases), as follow.js does for people. A click shows its result at once and puts it
// back when the server refuses (optimistic, with rollback). A visitor (signed out) sees the count only.
import { gql } from '../api.js';
import { h } from '../dom.js';
import { session } from '../shell.js';
import { batched } from './batch.js';

export const MAX_IDS = 100; // postsById takes 1 to 100 ids
export const LIKED_BY_ME = 'query($ids: [ID!]!) { postsById(ids: $ids) { id likedByMe likeCount } }';

const askLiked = batched(async (ids) => {
  const data = await gql(LIKED_BY_ME, { ids });
  return new Map(data.postsById.map((post) => [String(post.id), post]));
}, MAX_IDS, 'Could not tell which posts you like:');

function likedByMe(id) {
  return askLiked(id).then((found) => found || null);
}

const countText = (n) => `${n.toLocaleString()} ${n === 1 ? 'like' : 'likes'}`;

/** The like control of a post: { like_count } from REST or { likeCount } from GraphQL. */
export function likeControl(post) {
  let count = Number(post.like_count ?? post.likeCount ?? 0);
  const countId = `like-count-${post.id}-${Math.random().toString(36).slice(2, 8)}`;
  const shown = h('span', { class: 'like-count', id: countId }, countText(count));
  if (!session.me) return h('span', { class: 'likes' }, shown);
  let liked = false;
  const problem = h('span', { class: 'field-error', role: 'alert', hidden: true });
  // disabled until whether I like it is known, so a click never acts on a guess
  const button = h('button', { type: 'button', class: 'secondary small like', 'aria-pressed': 'false',
    'aria-describedby': countId, disabled: true }, h('span', { 'aria-hidden': 'true', class: 'like-icon' }, '♥'), ' Like');
  const draw = () => {
    button.setAttribute('aria-pressed', String(liked));
    shown.textContent = countText(count);
  };
  button.addEventListener('click', async () => {
    const before = { liked, count };
    liked = !liked;
    count = Math.max(0, count + (liked ? 1 : -1));
    problem.hidden = true;
    draw();
    button.disabled = true;
    try {
      const field = liked ? 'likePost' : 'unlikePost';
      const data = await gql(`mutation($id: ID!) { ${field}(postId: $id) { id likeCount } }`, { id: String(post.id) });
      count = data[field].likeCount; // others may have liked it meanwhile
    } catch (error) {
      ({ liked, count } = before);
      problem.textContent = `Could not ${before.liked ? 'unlike' : 'like'} this post: ${error.message}`;
      problem.hidden = false;
    }
    draw();
    button.disabled = false;
  });
  likedByMe(String(post.id)).then((found) => {
    if (found) { liked = Boolean(found.likedByMe); count = found.likeCount; }
    draw();
    button.disabled = false;
  }, () => { button.title = 'Could not tell whether you like this post'; });
  return h('span', { class: 'likes' }, button, ' ', shown, problem);
}
