// Everyone, or the people whose name or username holds what is typed in the search box, to find people to follow.
import { h } from '../dom.js';
import { page, onLeave } from '../shell.js';
import { personItem } from '../components/person.js';
import { pagedList } from '../components/list.js';

export function people() {
  const results = h('div', {});
  const input = h('input', { type: 'search', id: 'people-search', name: 'q', maxlength: 100, autocomplete: 'off',
    'aria-describedby': 'people-search-hint' });
  let shown = null;
  const show = (text) => {
    const q = text.trim();
    if (q === shown) return;
    shown = q;
    const list = q
      ? pagedList({ url: `/api/v1/users?limit=20&q=${encodeURIComponent(q)}`, render: personItem, noun: 'people',
        tag: 'ul', label: `People matching ${q}`, empty: `No one matches “${q}”.` })
      : pagedList({ url: '/api/v1/users?limit=20', render: personItem, noun: 'people', tag: 'ul', label: 'Everyone',
        empty: 'No one here yet.' });
    results.replaceChildren(list.element);
    list.load();
  };
  // as one types, after a pause (not one request per key); Enter searches at once
  let timer;
  input.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(() => show(input.value), 300); });
  onLeave(() => clearTimeout(timer));
  const form = h('form', { role: 'search', 'aria-label': 'People', onsubmit: (event) => { event.preventDefault(); clearTimeout(timer); show(input.value); } },
    h('label', { for: 'people-search' }, 'Search people'), input,
    h('p', { class: 'hint', id: 'people-search-hint' }, 'By name or username; part of either is enough.'));
  page('People', form, results);
  show('');
}
