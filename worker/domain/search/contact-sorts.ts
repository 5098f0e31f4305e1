/** The contact list's sort orders (API.md GET /contacts `sort`); import-free so the UI can share it. */
export const CONTACT_SORTS = [
  'name',
  '-score',
  'score',
  '-created_at',
  'created_at',
  '-last_interaction_at',
  '-connected_on',
  'next_due',
] as const;
export type ContactSort = (typeof CONTACT_SORTS)[number];
export const DEFAULT_CONTACT_SORT: ContactSort = '-score';
