import { describe, expect, it } from 'vitest';
import { apiQueryParams, mapFilterParams, readListState } from '../../app/contacts/list/list-state';

// The page keeps "Due" as a choice (today, this week, any); the API, "select all matching" and
// the map read a date. Without the date, select-all under a Due filter took everyone.
const state = (search: string) => readListState(new URLSearchParams(search));
// 23:30 UTC on 1 March is already 2 March in Auckland.
const now = new Date('2026-03-01T23:30:00Z');

describe('the list query the page sends to the API', () => {
  it('turns the Due choice into due_by, in the user\u2019s calendar', () => {
    expect(apiQueryParams(state('due=today&tag=vip'), 'Pacific/Auckland', now).toString()).toBe('tag=vip&due_by=2026-03-02');
    expect(apiQueryParams(state('due=today'), 'America/New_York', now).get('due_by')).toBe('2026-03-01');
    expect(apiQueryParams(state('due=week'), 'UTC', now).get('due_by')).toBe('2026-03-08');
    expect(apiQueryParams(state('q=ada'), 'UTC', now).toString()).toBe('q=ada');
  });

  it('carries the filters to the map without the list\u2019s box and sort', () => {
    expect(mapFilterParams(state('q=ada&bbox=1,2,3,4&sort=name&due=today&page=3'), 'UTC', now).toString()).toBe('q=ada&due_by=2026-03-01');
  });
});
