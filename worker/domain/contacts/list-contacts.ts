import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contacts } from '../../db/schema';
import { loadContactViews, type ContactView } from './contact-view';

export interface ListContactsQuery {
  page: number;
  pageSize: number;
}

/** A page of the user's contacts, highest score first (archived hidden). */
export async function listContacts(db: Db, userId: string, query: ListContactsQuery, bccDomain?: string): Promise<{ items: ContactView[]; total: number }> {
  const where = and(eq(contacts.userId, userId), ne(contacts.priority, 'archived'));
  const [ids, total] = await db.batch([
    db
      .select({ id: contacts.id })
      .from(contacts)
      .where(where)
      .orderBy(desc(contacts.relationshipScore), asc(contacts.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: sql<number>`count(*)` }).from(contacts).where(where),
  ]);
  return { items: await loadContactViews(db, userId, ids.map((r) => r.id), bccDomain), total: total[0]?.n ?? 0 };
}
