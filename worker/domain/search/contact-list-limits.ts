// The bounds of the contact list's query (API.md GET /contacts), shared by the API's schema
// (contact-list-params.ts, which refuses what breaks them) and the page's URL reader
// (app/contacts/list/list-state.ts, which drops it): one set of rules, and no zod in the browser.
import { PRIORITIES, SOURCES, TAG_MAX_LENGTH } from '../contacts/contact-values';

export const LIST_LIMITS = {
  /** Characters of the search text; longer is refused, never cut (the page cuts). */
  query: 10_000,
  /** Characters of the place filter, and of a map box as text. */
  place: 200,
  box: 200,
  /** Tags filtered on at once, and characters of one. */
  tags: 20,
  tagLength: TAG_MAX_LENGTH,
  /** Each source and priority once. */
  sources: SOURCES.length,
  priorities: PRIORITIES.length,
  /** Relationship scores run from 0 to 10. */
  scoreMin: 0,
  scoreMax: 10,
  /** Contacts "select all matching" selects at most (GET /contacts/ids). */
  selectAll: 10_000,
} as const;

/** The list's "Due" choices: due today or overdue, due within a week, has a cadence (list-state.ts turns them into due_by). */
export const DUE_CHOICES = ['today', 'week', 'any'] as const;
