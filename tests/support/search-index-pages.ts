import { expect } from 'vitest';
import type { ContactSort } from '../../worker/domain/search/contact-sorts';
import type { SearchRowChange } from '../../worker/domain/search/local/search-row';
import { as, json, type Session } from './client';

// The two sides of "same answers" (ADR 040) as a test reads them: the rows the browser's local
// index is fed (GET /api/v1/search-index) and the server's own search page (GET /api/v1/contacts).

/** Every change of the local index's feed since `since` ('' for the snapshot), page by page, and the cursor after them. */
export async function readSearchIndexFeed(me: Session, since = ''): Promise<{ changes: SearchRowChange[]; cursor: string }> {
  const changes: SearchRowChange[] = [];
  for (;;) {
    const res = await as(me, `/api/v1/search-index?since=${since}&limit=25`);
    expect(res.status).toBe(200);
    const page = await json<{ data: SearchRowChange[]; meta: { cursor: string; has_more: boolean } }>(res);
    changes.push(...page.data);
    since = page.meta.cursor;
    if (!page.meta.has_more) return { changes, cursor: since };
  }
}

/** The ids of the server's first page for `q` in `sort`: the matches as typed (close spellings, which the local index never gives, left out). */
export async function serverSearchPage(me: Session, q: string, sort: ContactSort, pageSize = 20): Promise<string[]> {
  const res = await as(me, `/api/v1/contacts?q=${encodeURIComponent(q)}&sort=${sort}&page_size=${pageSize}`);
  expect(res.status).toBe(200);
  const body = await json<{ data: { id: string }[]; meta: { total: number; exact_total?: number } }>(res);
  return body.data.slice(0, body.meta.exact_total ?? body.data.length).map((c) => c.id);
}
