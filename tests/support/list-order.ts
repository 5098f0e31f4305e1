import type { CONTACT_SORTS } from '../../worker/domain/search/contact-sorts';

/** Each sort of the contact list as plain SQL on `contacts` (API.md: the sort, then the id), for expected pages. */
export const SORT_SQL: Record<(typeof CONTACT_SORTS)[number], string> = {
  name: 'name_sort ASC, id ASC',
  '-score': 'relationship_score DESC, id ASC',
  score: 'relationship_score ASC, id DESC',
  '-created_at': 'created_at DESC, id DESC',
  created_at: 'created_at ASC, id ASC',
  '-last_interaction_at': 'last_interaction_at DESC, id DESC',
  '-connected_on': 'connected_on DESC, id DESC',
  next_due: "coalesce(next_due, '9999-12-31') ASC, id ASC",
};
