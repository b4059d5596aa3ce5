// Everyone, to find people to follow.
import { gql } from '../api.js';
import { h } from '../dom.js';
import { page } from '../shell.js';
import { peopleList } from '../components/person.js';

export async function people() {
  page('People', h('p', { class: 'status', role: 'status' }, 'Loading…'));
  try {
    const data = await gql('{ users(first: 100) { id username name } }');
    page('People', peopleList(data.users, { withUsername: true }));
  } catch (error) { page('People', h('p', { class: 'error', role: 'alert' }, error.message)); }
}
