import { describe, expect, it } from 'vitest';
import { generateFollowups } from '../../worker/domain/followups/followups';
import { recomputeScores } from '../../worker/domain/scoring/relationship-score';
import { recordInteractions, type NewInteraction } from '../../worker/domain/timeline/record-interactions';
import { refreshRelationships } from '../../worker/jobs/handlers/refresh-relationships';
import { as, signUp, type Session } from '../support/client';
import { contactWith } from '../support/contact-fixtures';
import { countedDeps } from './write-counter';
import { userD1 } from '../support/stores';

const CONTACTS = 40;
const DAY = 86_400_000;

/** A network like a real one: most contacts quiet for months, some with recent messages, some due a follow-up. */
async function seedNetwork(me: Session, now: number): Promise<string[]> {
  const ids: string[] = [];
  for (let n = 0; n < CONTACTS; n++) {
    const priority = (['high', 'medium', 'low'] as const)[n % 3];
    const created = new Date(now - (200 + n * 20) * DAY).toISOString();
    ids.push((await contactWith(me, { first_name: `Quiet${n}`, priority }, { created_at: created })).id);
  }
  const rows: NewInteraction[] = ids.flatMap((id, n) =>
    [400, 250 + n * 7, n % 4 === 0 ? 3 : 900].map((daysAgo, k) => ({
      contact_id: id,
      kind: 'message',
      channel: k === 2 ? 'email' : 'telegram',
      direction: k % 2 ? 'out' : 'in',
      body: 'hi',
      source: 'test',
      external_id: `${id}-${k}`,
      occurred_at: new Date(now - daysAgo * DAY).toISOString(),
    })),
  );
  const { deps } = await countedDeps(me);
  await recordInteractions(deps, me.user.id, rows);
  return ids;
}

describe('the nightly refresh writes only what changed', () => {
  it('a second refresh with nothing new writes no rows, and the scores and suggestions stay as they were', async () => {
    const me = await signUp();
    await seedNetwork(me, Date.now());
    const job = { type: 'refresh_relationships' as const, user_id: me.user.id };
    const first = await countedDeps(me);
    await refreshRelationships(first.deps, job);
    expect(first.count.rowsWritten).toBeGreaterThan(0);
    const before = await (await as(me, '/api/v1/contacts?sort=-score&limit=100')).json();

    const second = await countedDeps(me);
    await refreshRelationships(second.deps, job);
    expect(second.count.rowsWritten).toBeLessThanOrEqual(0.1 * CONTACTS);
    expect(second.count.rowsWritten).toBe(0);
    // Set-based statements: the job's queries do not grow with the contacts, far under a Worker's limit.
    expect(second.count.queries).toBeLessThanOrEqual(10);
    expect(await (await as(me, '/api/v1/contacts?sort=-score&limit=100')).json()).toEqual(before);
  });

  it('a night later writes only the scores that time moved', async () => {
    const me = await signUp();
    const now = Date.now();
    await seedNetwork(me, now);
    const { deps } = await countedDeps(me);
    await recomputeScores(deps.db, me.user.id, undefined, new Date(now));
    await generateFollowups(deps.db, me.user.id, new Date(now));
    const parts = async () =>
      (
        await (
          await userD1(me)
        )
          .prepare(
            'SELECT contact_id, recency, frequency, reciprocity, breadth, tenure, score FROM contact_scores WHERE user_id = ? ORDER BY contact_id',
          )
          .bind(me.user.id)
          .all()
      ).results.map((r) => JSON.stringify(r));
    const before = await parts();

    const night = await countedDeps(me);
    const tomorrow = new Date(now + DAY);
    await recomputeScores(night.deps.db, me.user.id, undefined, tomorrow);
    await generateFollowups(night.deps.db, me.user.id, tomorrow);
    const moved = (await parts()).filter((row, i) => row !== before[i]).length;
    // The ten contacts with a message three days ago decay visibly; the others, quiet for
    // months, keep their parts at two decimals (one may cross a rounding edge).
    expect(moved).toBeGreaterThanOrEqual(10);
    expect(moved).toBeLessThanOrEqual(12);
    // A moved score: its contact_scores row, the contact's row and its two score index entries,
    // and the score log's row for the browser's index, updated in place with its seq index entry
    // (ADR 062; ADR 055's delete and insert at the end of an AUTOINCREMENT wrote 5): 6 rows, never
    // one per contact.
    expect(night.count.rowsWritten).toBeLessThanOrEqual(6 * moved);
  });
});
