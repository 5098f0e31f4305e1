import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactScores } from '../../db/schema';
import { NON_CONTACT_KINDS, NOT_SENT_STATUSES, TWO_WAY_KINDS } from './real-contact';

// The relationship score in SQL (its formula: relationship-score.ts) and the stored parts.

/** The SQL condition on interactions alias `i` for "this was real contact" (date, score). */
export const isContactSql = sql.raw(
  `(i.kind NOT IN (${NON_CONTACT_KINDS.map((k) => `'${k}'`).join(', ')}) OR i.conversation = 1) AND coalesce(i.status, '') NOT IN (${NOT_SENT_STATUSES.map((k) => `'${k}'`).join(', ')})`,
);

/** The SQL condition on interactions alias `i` for "a two-way conversation" (relationship-score.ts). */
const isTwoWaySql = sql.raw(
  `(i.direction IS NULL AND (i.kind IN (${TWO_WAY_KINDS.map((k) => `'${k}'`).join(', ')}) OR i.conversation = 1))`,
);

/**
 * Statements that recompute the scores of `contactIds` (all the user's contacts when
 * omitted): the parts into contact_scores, the total into contacts.relationship_score.
 * Only rows whose values change are written (D1 bills every row and index entry written,
 * and most scores do not move from one night to the next), so computed_at is when the
 * score last changed.
 */
export function recomputeScoreStatements(userId: string, contactIds?: string[], now = new Date()): SQL[] {
  if (contactIds && contactIds.length === 0) return [];
  const chunks: (string[] | undefined)[] = [];
  if (!contactIds) chunks.push(undefined);
  else for (let i = 0; i < contactIds.length; i += 90) chunks.push(contactIds.slice(i, i + 90));
  return chunks.flatMap((chunk) => {
    const only = (column: SQL) =>
      chunk
        ? sql` AND ${column} IN (${sql.join(
            chunk.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql``;
    const upsert = sql`
      WITH clock(now) AS (SELECT julianday(${now.toISOString()})),
      agg AS (
        SELECT c.id AS contact_id,
          (SELECT now FROM clock) - julianday(max(CASE WHEN i.direction = 'in' OR ${isTwoWaySql} THEN i.occurred_at END)) AS days_since_in,
          coalesce(sum(1.0 / (1 + max(0, (SELECT now FROM clock) - julianday(i.occurred_at)) / 30)), 0) AS f,
          coalesce(sum(i.direction = 'in' OR ${isTwoWaySql}), 0) AS n_in,
          coalesce(sum(i.direction = 'out' OR ${isTwoWaySql}), 0) AS n_out,
          count(DISTINCT coalesce(i.channel, i.kind)) AS channels,
          (SELECT now FROM clock) - julianday(min(i.occurred_at)) AS days_known
        FROM contacts c
        LEFT JOIN interactions i ON i.user_id = c.user_id AND i.contact_id = c.id AND ${isContactSql}
        WHERE c.user_id = ${userId}${only(sql`c.id`)}
        GROUP BY c.id
      ),
      parts AS (
        SELECT contact_id,
          CASE WHEN days_since_in IS NULL THEN 0 ELSE 4.0 * 30 / (30 + max(0, days_since_in)) END AS recency,
          3.0 * f / (f + 5) AS frequency,
          CASE WHEN n_in + n_out = 0 THEN 0 ELSE 1.5 * 2 * min(n_in, n_out) / (n_in + n_out) END AS reciprocity,
          min(1.0, channels / 3.0) AS breadth,
          CASE WHEN days_known IS NULL THEN 0 ELSE 0.5 * min(1.0, max(0, days_known) / 365) END AS tenure
        FROM agg
      )
      INSERT INTO contact_scores (contact_id, user_id, recency, frequency, reciprocity, breadth, tenure, score, computed_at)
      SELECT contact_id, ${userId}, round(recency, 2), round(frequency, 2), round(reciprocity, 2), round(breadth, 2), round(tenure, 2),
        round(min(10, recency + frequency + reciprocity + breadth + tenure), 1), ${now.toISOString()}
      FROM parts WHERE true
      ON CONFLICT (contact_id) DO UPDATE SET recency = excluded.recency, frequency = excluded.frequency,
        reciprocity = excluded.reciprocity, breadth = excluded.breadth, tenure = excluded.tenure,
        score = excluded.score, computed_at = excluded.computed_at
      WHERE (recency, frequency, reciprocity, breadth, tenure, score)
        IS NOT (excluded.recency, excluded.frequency, excluded.reciprocity, excluded.breadth, excluded.tenure, excluded.score)`;
    const stored = sql`coalesce((SELECT s.score FROM contact_scores s WHERE s.contact_id = contacts.id), 0)`;
    const update = sql`
      UPDATE contacts SET relationship_score = ${stored}
      WHERE user_id = ${userId}${only(sql`id`)} AND relationship_score IS NOT ${stored}`;
    return [upsert, update];
  });
}

/** The stored parts of one contact's score, if it was ever computed. */
export function findContactScore(db: Db, userId: string, contactId: string) {
  return db
    .select()
    .from(contactScores)
    .where(sql`${contactScores.userId} = ${userId} AND ${contactScores.contactId} = ${contactId}`)
    .limit(1);
}
