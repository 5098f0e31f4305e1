import type { Db } from '../../db/client';
import { limitOfDb } from '../auth/contact-limit';
import { runStatements } from '../../db/sql-batch';
import { loadContactViews, type ContactView } from '../contacts/contact-view';
import { LIST_LIMITS } from './contact-list-limits';
import { contactListSql, DENSE_SET, type ContactListQuery } from './contact-list-queries';
import { parseSearch } from './search-terms';
import { suggestSpellings } from './spelling';

export const MAX_SELECT_ALL = LIST_LIMITS.selectAll;

export interface ContactListPage {
  items: ContactView[];
  total: number;
  /** Set when close spellings of misspelt words were searched too: their matches follow the exact ones. */
  spellings?: Record<string, string[]>;
  /** With `spellings`: how many of `total` matched as typed (they come first). */
  exactTotal?: number;
}

// The handle's contact limit (a limited token) joins every list query here, whoever asked.
const limitedBy = (db: Db, query: ContactListQuery): ContactListQuery => ({ ...query, limit: limitOfDb(db) });

async function readPage(db: Db, userId: string, query: ContactListQuery, page: { page: number; pageSize: number }) {
  const statements = contactListSql(userId, limitedBy(db, query));
  const [limit, offset] = [page.pageSize, (page.page - 1) * page.pageSize];
  const idsSql = statements.ids(limit, offset);
  if (!statements.count || !idsSql) return { ids: [], total: 0 };
  const idsOf = (rows: { results: Record<string, unknown>[] } | undefined) => (rows?.results ?? []).map((r) => String(r.id));
  if (statements.pageWithTotal) {
    const [rows] = await runStatements(db, [statements.pageWithTotal(limit, offset)]);
    const row = rows?.results[0];
    return { ids: (JSON.parse(String(row?.ids ?? '[]')) as unknown[]).map(String), total: Number(row?.n ?? 0) };
  }
  if (statements.shortcuts.length > 0) {
    // The total and the shortcuts' counts first, then the page they choose: a second round
    // trip, to skip ranking or sorting thousands. A small filter's page comes with its total.
    const need = Math.max(DENSE_SET, limit + offset);
    const probes = statements.shortcuts.map((s) => s.probes(need));
    const first = statements.totalWithFewPage?.(limit, offset) ?? statements.count;
    const [count, ...probed] = await runStatements(db, [first, ...probes.flat()]);
    const total = Number(count?.results[0]?.n ?? 0);
    if (total === 0) return { ids: [], total };
    const fewPage = count?.results[0]?.ids;
    if (typeof fewPage === 'string') return { ids: (JSON.parse(fewPage) as unknown[]).map(String), total };
    const counts = probed.map((r) => Number(r?.results[0]?.n ?? 0));
    let next = 0;
    const shortcut = statements.shortcuts
      .map((s, i) => s.page(counts.slice(next, (next += probes[i]!.length)), limit, offset, total))
      .find((page) => page !== null);
    const [rows] = await runStatements(db, [shortcut ?? idsSql]);
    return { ids: idsOf(rows), total };
  }
  if (statements.idsCarryTotal) {
    // A search page counts its matches as it ranks them, so a separate count would read them
    // all again (the phone digits at 250 000 contacts: every phone of the user, twice). Only a
    // page past the last match has no row to carry the total.
    const [rows] = await runStatements(db, [idsSql]);
    const first = rows?.results[0];
    if (first || offset === 0) return { ids: idsOf(rows), total: Number(first?.n ?? 0) };
  }
  const [rows, count] = await runStatements(db, [idsSql, statements.count]);
  return { ids: idsOf(rows), total: Number(count?.results[0]?.n ?? 0) };
}

/**
 * One page of the contact list with the total: two queries in one round trip, then the page's
 * views. When the search as typed finds less than a page, its words that start no name or
 * company word of the user's are looked up among close spellings too ("Jonh Smtih" finds John
 * Smith): the exact matches keep their order and the close ones follow.
 */
export async function listContacts(
  db: Db,
  userId: string,
  query: ContactListQuery,
  page: { page: number; pageSize: number },
  bccDomain?: string,
): Promise<ContactListPage> {
  let found = await readPage(db, userId, query, page);
  const exactTotal = found.total;
  let spellings: Record<string, string[]> | undefined;
  // A handle (`@ada_lovelace1`) is looked up as typed, never respelled.
  const terms = exactTotal < page.pageSize && !query.q?.trim().startsWith('@') ? parseSearch(query.q) : null;
  if (terms?.words.length) {
    spellings = (await suggestSpellings(db, userId, terms)) ?? undefined;
    if (spellings) {
      // The exact matches keep their order as typed: ranked with the close spellings, a name
      // holding one ("山田" for "山田商") lifted a contact found by its company into the name tier,
      // which the browser's index, searching as typed, never does (issue 49, same answers).
      const exact = new Set(found.ids);
      const close = await readPage(db, userId, { ...query, spellings, noneAsTyped: exactTotal === 0 }, page);
      found = { ids: [...found.ids, ...close.ids.filter((id) => !exact.has(id))].slice(0, page.pageSize), total: close.total };
    }
  }
  const items = await loadContactViews(db, userId, found.ids, bccDomain);
  return spellings && found.total > exactTotal ? { items, total: found.total, spellings, exactTotal } : { items, total: found.total };
}

/** Every id matching the list query, in list order, for "select all matching" (at most 10 000). */
export async function listContactIds(db: Db, userId: string, query: ContactListQuery): Promise<{ ids: string[]; total: number }> {
  const statements = contactListSql(userId, limitedBy(db, query));
  const idsSql = statements.ids(MAX_SELECT_ALL, 0);
  if (!statements.count || !idsSql) return { ids: [], total: 0 };
  const [rows, count] = await runStatements(db, [idsSql, statements.count]);
  return { ids: (rows?.results ?? []).map((r) => String(r.id)), total: Number(count?.results[0]?.n ?? 0) };
}
