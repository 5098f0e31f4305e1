import { parseMapBox } from '../../../worker/domain/map/map-box';
import { DUE_CHOICES, LIST_LIMITS } from '../../../worker/domain/search/contact-list-limits';
import { DEFAULT_CONTACT_SORT, type ContactSort } from '../../../worker/domain/search/contact-sorts';
import { isSingleLineText } from '../../../worker/domain/text-rules';
import { dueByOf } from './due-by';

// The whole state of the /contacts page lives in the URL (search, filters, sort, page),
// so reload, links and back/forward all work. Unknown values are dropped, never an error:
// what the page keeps is within the API's own bounds (LIST_LIMITS), so every query it sends
// on (select all matching, show on map) is one the API takes.

export const SORT_OPTIONS: { value: ContactSort; label: string }[] = [
  { value: '-score', label: 'Score: high to low' },
  { value: 'score', label: 'Score: low to high' },
  { value: 'name', label: 'Name A–Z' },
  { value: '-created_at', label: 'Newest added' },
  { value: 'created_at', label: 'Oldest added' },
  { value: '-last_interaction_at', label: 'Last interaction' },
  { value: '-connected_on', label: 'Recently connected' },
  { value: 'next_due', label: 'Next due' },
];

/** "Due" filter: due or overdue today, within a week, or any contact with a cadence. */
const DUE_LABELS: Record<(typeof DUE_CHOICES)[number], string> = {
  today: 'Due today or overdue',
  week: 'Due this week',
  any: 'Has a cadence',
};
export const DUE_OPTIONS = DUE_CHOICES.map((value) => ({ value, label: DUE_LABELS[value] }));
export type DueValue = (typeof DUE_CHOICES)[number];

export const PRIORITY_OPTIONS = [
  { value: 'high', label: 'High' },
  { value: 'medium', label: 'Medium' },
  { value: 'low', label: 'Low' },
  { value: 'archived', label: 'Archived' },
] as const;
export type PriorityValue = (typeof PRIORITY_OPTIONS)[number]['value'];

export const SOURCE_OPTIONS = [
  { value: 'manual', label: 'Manual entry' },
  { value: 'csv', label: 'CSV import' },
  { value: 'linkedin', label: 'LinkedIn' },
  { value: 'google', label: 'Google Contacts' },
  { value: 'email', label: 'Email' },
  { value: 'telegram', label: 'Telegram' },
  { value: 'twitter', label: 'X (Twitter)' },
] as const;
export type SourceValue = (typeof SOURCE_OPTIONS)[number]['value'];

export const PAGE_SIZES = [25, 50, 100] as const;

export interface ListState {
  q: string;
  /** Location filter: contacts whose location or geocoded place has these words. */
  place: string;
  /** A map box (`minLng,minLat,maxLng,maxLat`) from the map's "List these"; '' for none. */
  bbox: string;
  tags: string[];
  sources: SourceValue[];
  priorities: PriorityValue[];
  scoreMin: number | null;
  scoreMax: number | null;
  due: DueValue | null;
  /** Only the people linked to this contact (its id), from its People card; '' for none. */
  relatedTo: string;
  sort: ContactSort;
  /** The account's order when the URL names none (worker/domain/search/default-sort.ts); URLs leave it out. */
  defaultSort: ContactSort;
  page: number;
  pageSize: number;
}

const oneOf = <T extends string>(options: readonly { value: T }[], value: string): value is T => options.some((o) => o.value === value);

function score(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= LIST_LIMITS.scoreMin && n <= LIST_LIMITS.scoreMax ? n : null;
}

/** Search and place text as the API takes it: NUL dropped, cut to its length. */
const searchText = (value: string | null, max: number) => (value ?? '').replaceAll('\u0000', '').slice(0, max);

const distinct = <T>(values: T[]) => [...new Set(values)];

/** A record id as the API takes one (1 to 64 characters on one line), or '' for anything else. */
const recordIdOrEmpty = (value: string | null) => (value && value.length <= 64 && isSingleLineText(value) ? value : '');

export function readListState(params: URLSearchParams, defaultSort: ContactSort = DEFAULT_CONTACT_SORT): ListState {
  const sort = params.get('sort') ?? '';
  const pageSize = Number(params.get('page_size'));
  const bbox = params.get('bbox') ?? '';
  return {
    q: searchText(params.get('q'), LIST_LIMITS.query),
    // Trimmed first, as the API trims it before it counts its length.
    place: searchText((params.get('place') ?? '').trim(), LIST_LIMITS.place).trim(),
    bbox: bbox.length <= LIST_LIMITS.box && typeof parseMapBox(bbox) !== 'string' ? bbox : '',
    tags: distinct(
      params
        .getAll('tag')
        .map((t) => t.trim())
        .filter((t) => t && t.length <= LIST_LIMITS.tagLength && isSingleLineText(t)),
    ).slice(0, LIST_LIMITS.tags),
    sources: distinct(params.getAll('source').filter((s): s is SourceValue => oneOf(SOURCE_OPTIONS, s))),
    priorities: distinct(params.getAll('priority').filter((p): p is PriorityValue => oneOf(PRIORITY_OPTIONS, p))),
    scoreMin: score(params.get('score_min')),
    scoreMax: score(params.get('score_max')),
    due: oneOf(DUE_OPTIONS, params.get('due') ?? '') ? (params.get('due') as DueValue) : null,
    relatedTo: recordIdOrEmpty(params.get('related_to')),
    sort: oneOf(SORT_OPTIONS, sort) ? sort : defaultSort,
    defaultSort,
    page: Math.min(1_000_000, Math.max(1, Math.floor(Number(params.get('page'))) || 1)),
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : 50,
  };
}

/** The query part of the state (what "select all matching" selects), without paging. */
export function queryParams(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q);
  if (state.place) params.set('place', state.place);
  if (state.bbox) params.set('bbox', state.bbox);
  for (const tag of state.tags) params.append('tag', tag);
  for (const source of state.sources) params.append('source', source);
  for (const priority of state.priorities) params.append('priority', priority);
  if (state.scoreMin !== null) params.set('score_min', String(state.scoreMin));
  if (state.scoreMax !== null) params.set('score_max', String(state.scoreMax));
  if (state.due) params.set('due', state.due);
  if (state.relatedTo) params.set('related_to', state.relatedTo);
  if (state.sort !== state.defaultSort) params.set('sort', state.sort);
  return params;
}

/**
 * A smart list's search (saved with the API's default, score, left out) as this page writes it:
 * the sort spelt out unless it is the account's default, so the list opens in its own order and
 * is marked when it is the one on screen.
 */
export function inPageTerms(search: string, defaultSort: ContactSort): string {
  return queryParams({ ...readListState(new URLSearchParams(search)), defaultSort }).toString();
}

/**
 * What "Save as smart list" keeps: every filter of the state (the smart list's schema has a
 * place for each; its search string is this state's queryParams, so the saved list is marked
 * as the one on screen).
 */
export function smartListFiltersOf(state: ListState) {
  return {
    q: state.q,
    place: state.place,
    bbox: state.bbox,
    tags: state.tags,
    sources: state.sources,
    priorities: state.priorities,
    score_min: state.scoreMin,
    score_max: state.scoreMax,
    due: state.due,
    related_to: state.relatedTo || null,
    sort: state.sort,
  };
}

/**
 * The state as GET /api/v1/contacts (and /ids, and the map) read it: the page's "Due" choice
 * becomes the API's `due_by` date in the user's calendar. Without this, "select all matching"
 * under a Due filter would select everyone the other filters match.
 */
export function apiQueryParams(state: ListState, timeZone: string, now = new Date()): URLSearchParams {
  const params = queryParams(state);
  // The API's own default order is by score, whatever the account's default on the page.
  params.delete('sort');
  if (state.sort !== DEFAULT_CONTACT_SORT) params.set('sort', state.sort);
  params.delete('due');
  const dueBy = dueByOf(state.due, timeZone, now);
  if (dueBy) params.set('due_by', dueBy);
  return params;
}

/** "Show on map": the /map page's URL search for the list's filters (its box and sort stay behind). */
export function mapPageParams(state: ListState): URLSearchParams {
  const params = queryParams({ ...state, bbox: '' });
  params.delete('sort');
  return params;
}

/**
 * "Show on map" from the list: the list's filters as the map API reads them. The map's own box
 * is its viewport, and order means nothing there, so the list's box and sort stay behind.
 */
export function mapFilterParams(state: ListState, timeZone: string, now = new Date()): URLSearchParams {
  const params = apiQueryParams({ ...state, bbox: '' }, timeZone, now);
  params.delete('sort');
  return params;
}

/** The URL search of a state; defaults are left out so URLs stay short. */
export function listStateToParams(state: ListState): URLSearchParams {
  const params = queryParams(state);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.pageSize !== 50) params.set('page_size', String(state.pageSize));
  return params;
}

export function hasFilters(state: ListState): boolean {
  return Boolean(
    state.q.trim() ||
    state.place ||
    state.bbox ||
    state.tags.length ||
    state.sources.length ||
    state.priorities.length ||
    state.scoreMin !== null ||
    state.scoreMax !== null ||
    state.due !== null ||
    state.relatedTo,
  );
}

/** How many filters narrow the list, the search aside: each tag, source and priority counts. */
export function activeFilterCount(state: ListState): number {
  const score = state.scoreMin !== null || state.scoreMax !== null;
  return (
    state.tags.length +
    state.sources.length +
    state.priorities.length +
    [state.place, state.bbox, score, state.due !== null, state.relatedTo].filter(Boolean).length
  );
}
