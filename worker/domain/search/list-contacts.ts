import type { Db } from '../../db/client';
import { runStatements } from '../../db/sql-batch';
import { loadContactViews, type ContactView } from '../contacts/contact-view';
import { contactListSql, type ContactListQuery } from './contact-list-query';

export const MAX_SELECT_ALL = 10_000;

/** One page of the contact list with the total: two queries in one round trip, then the page's views. */
export async function listContacts(
  db: Db,
  userId: string,
  query: ContactListQuery,
  page: { page: number; pageSize: number },
  bccDomain?: string,
): Promise<{ items: ContactView[]; total: number }> {
  const statements = contactListSql(userId, query);
  const idsSql = statements.ids(page.pageSize, (page.page - 1) * page.pageSize);
  if (!statements.count || !idsSql) return { items: [], total: 0 };
  const [rows, count] = await runStatements(db, [idsSql, statements.count]);
  const ids = (rows?.results ?? []).map((r) => String(r.id));
  return { items: await loadContactViews(db, userId, ids, bccDomain), total: Number(count?.results[0]?.n ?? 0) };
}

/** Every id matching the list query, in list order, for "select all matching" (at most 10 000). */
export async function listContactIds(db: Db, userId: string, query: ContactListQuery): Promise<{ ids: string[]; total: number }> {
  const statements = contactListSql(userId, query);
  const idsSql = statements.ids(MAX_SELECT_ALL, 0);
  if (!statements.count || !idsSql) return { ids: [], total: 0 };
  const [rows, count] = await runStatements(db, [idsSql, statements.count]);
  return { ids: (rows?.results ?? []).map((r) => String(r.id)), total: Number(count?.results[0]?.n ?? 0) };
}
