import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { limitOfDb, PRIVATE_TAG, type ContactLimit } from './contact-limit';

/**
 * The condition a contact id (`id`: a column or `c.id`) must meet for a limited token, each part
 * an index probe of contact_tags_user_tag; undefined when the handle has no limit. At most
 * 2 + CONTACT_LIMIT_TAGS parameters, so a read of 90 ids stays under D1's 100.
 */
export function visibleContactSql(userId: string, limit: ContactLimit | null, id: AnyColumn | SQL): SQL | undefined {
  if (!limit) return undefined;
  const parts: SQL[] = [];
  if (limit.tags)
    parts.push(
      sql`${id} IN (SELECT contact_id FROM contact_tags WHERE user_id = ${userId} AND tag_norm IN (${sql.join(
        limit.tags.map((tag) => sql`${tag}`),
        sql`, `,
      )}))`,
    );
  if (limit.hidePrivate)
    parts.push(sql`${id} NOT IN (SELECT contact_id FROM contact_tags WHERE user_id = ${userId} AND tag_norm = ${PRIVATE_TAG})`);
  return parts.length ? sql.join(parts, sql` AND `) : undefined;
}

/** The same for the handle `db` a domain read was given. */
export const visibleOnDb = (db: Db, userId: string, id: AnyColumn | SQL) => visibleContactSql(userId, limitOfDb(db), id);

/**
 * The condition an interaction must meet for a handle that never sees private notes (ADR 044):
 * `privateColumn` (interactions.private, or `i.private` in raw SQL) is 0. Undefined otherwise.
 */
export function shownInteractionOnDb(db: Db, privateColumn: AnyColumn | SQL): SQL | undefined {
  return limitOfDb(db)?.hidePrivate ? sql`${privateColumn} = 0` : undefined;
}
