import type { Db } from '../../db/client';
import { runStatements } from '../../db/sql-batch';
import { findContactScore, recomputeScoreStatements } from './score-queries';

/**
 * Relationship score, 0–10, the sum of five parts (each computed over the contact's
 * interactions that are real contact, real-contact.ts: notes, bio changes and read receipts
 * do not count, except a note the user marked as a conversation).
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
 * contacts (never one query per contact, score-queries.ts), rounded to one decimal.
 */
export const SCORE_PART_MAX = { recency: 4, frequency: 3, reciprocity: 1.5, breadth: 1, tenure: 0.5 } as const;

export interface ScoreParts {
  recency: number;
  frequency: number;
  reciprocity: number;
  breadth: number;
  tenure: number;
  score: number;
}

export async function recomputeScores(db: Db, userId: string, contactIds?: string[], now = new Date()): Promise<void> {
  await runStatements(db, recomputeScoreStatements(userId, contactIds, now));
}

/** The parts of one contact's score, for the badge's tooltip (null before the first computation). */
export async function getScoreParts(db: Db, userId: string, contactId: string): Promise<ScoreParts | null> {
  return scorePartsOf(await findContactScore(db, userId, contactId));
}

/** The parts of a stored score (findContactScore's rows), or null before the first nightly run. */
export function scorePartsOf([row]: Awaited<ReturnType<typeof findContactScore>>): ScoreParts | null {
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
