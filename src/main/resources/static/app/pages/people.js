// Everyone, to find people to follow.
import { page } from '../shell.js';
import { personItem } from '../components/person.js';
import { pagedList } from '../components/list.js';

export function people() {
  const everyone = pagedList({ url: '/api/v1/users?limit=20', render: (user) => personItem(user, { withUsername: true }),
    noun: 'people', tag: 'ul', label: 'Everyone', empty: 'No one here yet.' });
  page('People', everyone.element);
  everyone.load();
}
