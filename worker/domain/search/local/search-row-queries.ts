import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { runStatements } from '../../../db/sql-batch';
import { limitOfDb } from '../../auth/contact-limit';
import { visibleContactSql } from '../../auth/contact-limit-queries';
import type { SearchRow } from './search-row';

/** Ids read per statement: one bound JSON array, so any number stays within D1's bound parameters. */
const IDS_PER_STATEMENT = 500;

/**
 * The local index's rows of the user's contacts among `ids`: the words straight from the
 * server's search index (contacts_fts, so the browser searches what the server searches; its
 * `name` column is the full name and name_latin, ADR 084), the tags and emails as lists to show,
 * and the sort keys. Notes are never read.
 */
export async function loadSearchRows(db: Db, userId: string, ids: string[]): Promise<SearchRow[]> {
  if (ids.length === 0) return [];
  const visible = visibleContactSql(userId, limitOfDb(db), sql`c.id`);
  const statements = [];
  for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
    const chunk = JSON.stringify(ids.slice(i, i + IDS_PER_STATEMENT));
    statements.push(sql`SELECT c.id, c.full_name, c.name_sort, c.name_latin, f.company, o.name AS company_name, c.company_id, c.title,
        f.handles, f.places, c.priority, c.relationship_score, c.next_due, c.created_at, c.last_interaction_at, c.connected_on,
        (SELECT json_group_array(i.value) FROM (SELECT value FROM contact_identifiers
          WHERE contact_id = c.id AND kind = 'email' ORDER BY position) i) AS emails,
        (SELECT json_group_array(t.tag) FROM contact_tags t WHERE t.contact_id = c.id) AS tags
      FROM contacts c JOIN contacts_fts f ON f.rowid = c.rowid LEFT JOIN organizations o ON o.id = c.company_id
      WHERE c.id IN (SELECT value FROM json_each(${chunk})) AND +c.user_id = ${userId}${visible ? sql` AND ${visible}` : sql``}`);
  }
  const results = await runStatements<Record<string, unknown>>(db, statements);
  return results.flatMap((result) =>
    result.results.map((r): SearchRow => ({
      id: String(r.id),
      full_name: String(r.full_name ?? ''),
      name_sort: String(r.name_sort ?? ''),
      name_latin: (r.name_latin as string | null) ?? null,
      company: (r.company as string | null) || null,
      company_name: (r.company_name as string | null) ?? null,
      company_id: (r.company_id as string | null) ?? null,
      title: (r.title as string | null) ?? null,
      handles: (r.handles as string | null) || null,
      emails: JSON.parse(String(r.emails ?? '[]')) as string[],
      places: (r.places as string | null) || null,
      tags: JSON.parse(String(r.tags ?? '[]')) as string[],
      priority: r.priority as SearchRow['priority'],
      relationship_score: Number(r.relationship_score),
      next_due: (r.next_due as string | null) ?? null,
      created_at: String(r.created_at),
      last_interaction_at: (r.last_interaction_at as string | null) ?? null,
      connected_on: (r.connected_on as string | null) ?? null,
    })),
  );
}
