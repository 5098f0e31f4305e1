import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runStatements } from '../../db/sql-batch';
import { contactScores } from '../../db/schema-detail';

/**
 * Relationship score, 0–10, the sum of five parts (each computed over the contact's
 * interactions that are real contact: notes, bio changes and read receipts do not count,
 * except a note the user marked as a conversation).
 *
 * A call, meeting or coffee with no direction (logged by hand, or from the calendar) and a
 * conversation note are two-way: both of you were there. They count as inbound for recency
 * and as one message each way for reciprocity (ADR 002).
 *
 *   recency      0–4    4 · 30 / (30 + d), d = days since the last INBOUND message or
 *                       two-way conversation (a reply from them shows the relationship is alive)
 *   frequency    0–3    3 · f / (f + 5), f = Σ 1 / (1 + age_days / 30): every interaction
 *                       counts, an old one less (its weight halves after a month)
 *   reciprocity  0–1.5  1.5 · 2·min(in, out) / (in + out): balanced in/out scores highest,
 *                       one-sided (only we write, or only they do) scores 0
 *   breadth      0–1    distinct channels (email, telegram, meeting...) / 3, at most 1
 *   tenure       0–0.5  0.5 · min(1, days since the first interaction / 365)
 *
 * Hyperbolic decay instead of exp() keeps it plain SQL. Computed in batch SQL over a set of
 * contacts (never one query per contact), rounded to one decimal.
 */
export const NON_CONTACT_KINDS = ['note', 'bio_change', 'read_receipt'] as const;

/** Outbound messages that have not reached the person (a LinkedIn message still queued for the extension, or one it failed to send). */
export const NOT_SENT_STATUSES = ['queued', 'failed'] as const;

/** The SQL condition on interactions alias `i` for "this was real contact" (date, score). */
export const isContactSql = sql.raw(
  `(i.kind NOT IN (${NON_CONTACT_KINDS.map((k) => `'${k}'`).join(', ')}) OR i.conversation = 1) AND coalesce(i.status, '') NOT IN (${NOT_SENT_STATUSES.map((k) => `'${k}'`).join(', ')})`,
);

/** Kinds of conversation both people take part in; without a direction they count both ways. */
export const TWO_WAY_KINDS = ['call', 'meeting', 'coffee'] as const;

/** The SQL condition on interactions alias `i` for "a two-way conversation" (see above). */
const isTwoWaySql = sql.raw(
  `(i.direction IS NULL AND (i.kind IN (${TWO_WAY_KINDS.map((k) => `'${k}'`).join(', ')}) OR i.conversation = 1))`,
);

/** Whether an interaction row is real contact (the JS twin of isContactSql). */
export function countsAsContact(row: { kind: string; conversation?: boolean | null; status?: string | null }): boolean {
  if ((NOT_SENT_STATUSES as readonly string[]).includes(row.status ?? '')) return false;
  return !(NON_CONTACT_KINDS as readonly string[]).includes(row.kind) || Boolean(row.conversation);
}

export const SCORE_PART_MAX = { recency: 4, frequency: 3, reciprocity: 1.5, breadth: 1, tenure: 0.5 } as const;

export interface ScoreParts {
  recency: number;
  frequency: number;
  reciprocity: number;
  breadth: number;
  tenure: number;
  score: number;
}

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

export async function recomputeScores(db: Db, userId: string, contactIds?: string[], now = new Date()): Promise<void> {
  await runStatements(db, recomputeScoreStatements(userId, contactIds, now));
}

/** The parts of one contact's score, for the badge's tooltip (null before the first computation). */
export async function getScoreParts(db: Db, userId: string, contactId: string): Promise<ScoreParts | null> {
  const row = await db
    .select()
    .from(contactScores)
    .where(sql`${contactScores.userId} = ${userId} AND ${contactScores.contactId} = ${contactId}`)
    .get();
  if (!row) return null;
  return {
    recency: row.recency,
    frequency: row.frequency,
    reciprocity: row.reciprocity,
    breadth: row.breadth,
    tenure: row.tenure,
    score: row.score,
  };
}
