import { describe, expect, it } from 'vitest';
import { generateFollowups } from '../../worker/domain/followups/followups';
import { getScoreParts, recomputeScores } from '../../worker/domain/scoring/relationship-score';
import { recordInteractions, type NewInteraction } from '../../worker/domain/timeline/record-interactions';
import { as, createContact, json, signUp } from '../support/client';
import { userD1, userDeps } from '../support/stores';

const daysAgo = (d: number, from = Date.now()) => new Date(from - d * 86_400_000).toISOString();
let seq = 0;
const msg = (contactId: string, direction: 'in' | 'out', occurred: string, channel = 'telegram', kind = 'message'): NewInteraction => ({
  contact_id: contactId,
  kind,
  channel,
  direction,
  body: 'hi',
  source: channel,
  external_id: `fixture-${++seq}`,
  occurred_at: occurred,
});

describe('relationship score', () => {
  it('computes the documented parts on fixtures, in batch for many contacts', async () => {
    const me = await signUp();
    const now = new Date('2026-06-01T00:00:00Z');
    const at = (d: number) => daysAgo(d, now.getTime());
    const close = await createContact(me, { first_name: 'Close' });
    const faded = await createContact(me, { first_name: 'Faded' });
    const silent = await createContact(me, { first_name: 'Silent' });
    const rows: NewInteraction[] = [
      // Close: a reply today, balanced 2 in / 2 out, three channels, known for a year.
      msg(close.id, 'in', at(0), 'telegram'),
      msg(close.id, 'out', at(30), 'email', 'email'),
      msg(close.id, 'in', at(100), 'meeting', 'meeting'),
      msg(close.id, 'out', at(365), 'telegram'),
      // Faded: we wrote twice long ago, they never answered.
      msg(faded.id, 'out', at(300)),
      msg(faded.id, 'out', at(330)),
      // Notes, bio changes and read receipts are not contact.
      { ...msg(silent.id, 'in', at(1)), kind: 'bio_change' },
      { ...msg(silent.id, 'in', at(1)), kind: 'read_receipt', status: 'read' },
      { ...msg(silent.id, 'in', at(1)), kind: 'note' },
    ];
    await recordInteractions(await userDeps(me), me.user.id, rows);
    await recomputeScores((await userDeps(me)).db, me.user.id, undefined, now);

    const c = (await getScoreParts((await userDeps(me)).db, me.user.id, close.id))!;
    expect(c.recency).toBe(4); // 4 · 30 / (30 + 0)
    const f = 1 + 1 / (1 + 30 / 30) + 1 / (1 + 100 / 30) + 1 / (1 + 365 / 30);
    expect(c.frequency).toBeCloseTo((3 * f) / (f + 5), 2);
    expect(c.reciprocity).toBe(1.5);
    expect(c.breadth).toBe(1);
    expect(c.tenure).toBe(0.5);
    expect(c.score).toBeCloseTo(Math.round((4 + (3 * f) / (f + 5) + 1.5 + 1 + 0.5) * 10) / 10, 5);

    const fd = (await getScoreParts((await userDeps(me)).db, me.user.id, faded.id))!;
    expect(fd).toMatchObject({ recency: 0, reciprocity: 0 });
    expect(fd.score).toBeGreaterThan(0);
    expect(fd.score).toBeLessThan(1.5);
    expect((await getScoreParts((await userDeps(me)).db, me.user.id, silent.id))!.score).toBe(0);

    const list = (await json(await as(me, '/api/v1/contacts'))).data;
    expect(list.map((x: any) => x.full_name)).toEqual(['Close', 'Faded', 'Silent']);
    expect(list[0].relationship_score).toBe(c.score);
  });

  it('is recomputed when interactions are recorded', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Fresh' });
    expect(c.relationship_score).toBe(0);
    await recordInteractions(await userDeps(me), me.user.id, [msg(c.id, 'in', daysAgo(0)), msg(c.id, 'out', daysAgo(0))]);
    expect((await json(await as(me, `/api/v1/contacts/${c.id}`))).data.relationship_score).toBeGreaterThan(5);
  });
});

describe('follow-up suggestions', () => {
  it('are generated for contacts past their priority interval, never for archived ones, and not twice', async () => {
    const me = await signUp();
    const ids = {
      high: (await createContact(me, { first_name: 'High', priority: 'high' })).id,
      medium: (await createContact(me, { first_name: 'Medium', priority: 'medium' })).id,
      low: (await createContact(me, { first_name: 'Low', priority: 'low' })).id,
      archived: (await createContact(me, { first_name: 'Archived', priority: 'archived' })).id,
    };
    // Last contact 45 days ago for everyone: past high (30), not medium (60) nor low (180).
    await recordInteractions(
      await userDeps(me),
      me.user.id,
      Object.values(ids).map((id) => msg(id, 'in', daysAgo(45))),
    );
    expect(await generateFollowups((await userDeps(me)).db, me.user.id)).toBe(1);
    expect(await generateFollowups((await userDeps(me)).db, me.user.id)).toBe(0);
    const open = (await json(await as(me, '/api/v1/followups'))).data;
    expect(open).toMatchObject([{ contact_id: ids.high, contact_name: 'High', status: 'pending' }]);
    expect(open[0].reason).toMatch(/30\+ days/);

    // 200 days later every non-archived contact is due; the open one is not duplicated.
    expect(await generateFollowups((await userDeps(me)).db, me.user.id, new Date(Date.now() + 200 * 86_400_000))).toBe(2);
    const all = await (
      await userD1(me)
    )
      .prepare('SELECT contact_id FROM followups WHERE user_id = ?')
      .bind(me.user.id)
      .all<{ contact_id: string }>();
    expect(all.results.map((r) => r.contact_id).sort()).toEqual([ids.high, ids.medium, ids.low].sort());
  });

  it("can be dismissed and snoozed; another user's suggestion is 404", async () => {
    const me = await signUp();
    const other = await signUp();
    const a = await createContact(me, { first_name: 'A', priority: 'high' });
    const b = await createContact(me, { first_name: 'B', priority: 'high' });
    await generateFollowups((await userDeps(me)).db, me.user.id, new Date(Date.now() + 31 * 86_400_000));
    const [fa, fb] = (await json(await as(me, `/api/v1/followups`))).data.sort((x: any, y: any) =>
      x.contact_name < y.contact_name ? -1 : 1,
    );
    expect([fa.contact_id, fb.contact_id]).toEqual([a.id, b.id]);
    expect((await as(other, `/api/v1/followups/${fa.id}/dismiss`, { method: 'POST' })).status).toBe(404);
    expect((await as(me, `/api/v1/followups/${fa.id}/dismiss`, { method: 'POST' })).status).toBe(204);
    expect((await as(me, `/api/v1/followups/${fa.id}/dismiss`, { method: 'POST' })).status).toBe(409);
    expect((await as(me, `/api/v1/followups/${fb.id}/snooze`, { method: 'POST', json: { days: 7 } })).status).toBe(204);
    expect((await json(await as(me, '/api/v1/followups'))).data).toEqual([]);
    // Once the snooze is over, the cron brings it back.
    await generateFollowups((await userDeps(me)).db, me.user.id, new Date(Date.now() + 8 * 86_400_000));
    expect((await json(await as(me, `/api/v1/followups?contact_id=${b.id}`))).data).toMatchObject([{ id: fb.id, status: 'pending' }]);
  });

  it('snoozed from the contact page without a number of days, come back after a week', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'C', priority: 'high' });
    await generateFollowups((await userDeps(me)).db, me.user.id, new Date(Date.now() + 31 * 86_400_000));
    const [suggestion] = (await json(await as(me, '/api/v1/followups'))).data;
    const snoozed = await as(me, `/contacts/${c.id}?_data=${encodeURIComponent('routes/_app.contacts.$id')}`, {
      method: 'POST',
      body: new URLSearchParams({ intent: 'snooze-followup', id: suggestion.id }),
    });
    expect(snoozed.status).toBe(200);
    const open = async () => (await json(await as(me, `/api/v1/followups?contact_id=${c.id}`))).data;
    expect(await open()).toEqual([]);
    await generateFollowups((await userDeps(me)).db, me.user.id, new Date(Date.now() + 6 * 86_400_000));
    expect(await open()).toEqual([]);
    await generateFollowups((await userDeps(me)).db, me.user.id, new Date(Date.now() + 8 * 86_400_000));
    expect(await open()).toMatchObject([{ id: suggestion.id, status: 'pending' }]);
  });

  it('are dismissed by a newer synced interaction, but not by one older than the suggestion', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Busy', priority: 'high' });
    await generateFollowups((await userDeps(me)).db, me.user.id, new Date(Date.now() + 31 * 86_400_000));
    const suggestion = await (
      await userD1(me)
    )
      .prepare('SELECT id, created_at FROM followups WHERE contact_id = ?')
      .bind(c.id)
      .first<{ id: string; created_at: string }>();
    const status = async () =>
      (await (await userD1(me)).prepare('SELECT status FROM followups WHERE id = ?').bind(suggestion!.id).first<{ status: string }>())!
        .status;

    // A backfilled message from before the suggestion leaves it pending.
    await recordInteractions(await userDeps(me), me.user.id, [
      msg(c.id, 'in', new Date(Date.parse(suggestion!.created_at) - 86_400_000).toISOString()),
    ]);
    expect(await status()).toBe('pending');
    // A note is not contact either.
    await as(me, `/api/v1/contacts/${c.id}/notes`, { method: 'POST', json: { body: 'should call' } });
    expect(await status()).toBe('pending');
    // A message after it answers it.
    await recordInteractions(await userDeps(me), me.user.id, [
      msg(c.id, 'in', new Date(Date.parse(suggestion!.created_at) + 60_000).toISOString()),
    ]);
    expect(await status()).toBe('dismissed');
  });
});

describe('follow-ups and merge', () => {
  it('move to the survivor, which keeps a single open suggestion', async () => {
    const { mergeContacts } = await import('../../worker/domain/merge/merge-contacts');
    const me = await signUp();
    const a = await createContact(me, { first_name: 'Kept', priority: 'high' });
    const b = await createContact(me, { first_name: 'Gone', priority: 'high' });
    await generateFollowups((await userDeps(me)).db, me.user.id, new Date(Date.now() + 31 * 86_400_000));
    expect((await json(await as(me, '/api/v1/followups'))).data).toHaveLength(2);
    await mergeContacts(await userDeps(me), me.user.id, a.id, [b.id]);
    const open = (await json(await as(me, '/api/v1/followups'))).data;
    expect(open).toMatchObject([{ contact_id: a.id }]);
  });
});

describe('nightly refresh', () => {
  it("the cron job recomputes a user's scores (time decays them) and generates follow-ups", async () => {
    const { refreshRelationships } = await import('../../worker/jobs/handlers/refresh-relationships');
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Drifting', priority: 'high' });
    await recordInteractions(await userDeps(me), me.user.id, [msg(c.id, 'in', daysAgo(1)), msg(c.id, 'out', daysAgo(1))]);
    const before = (await json(await as(me, `/api/v1/contacts/${c.id}`))).data.relationship_score;
    // The interaction ages: pretend it happened 90 days ago, as if nights had passed.
    await (await userD1(me)).prepare('UPDATE interactions SET occurred_at = ? WHERE contact_id = ?').bind(daysAgo(90), c.id).run();
    await (await userD1(me)).prepare('UPDATE contacts SET last_interaction_at = ? WHERE id = ?').bind(daysAgo(90), c.id).run();
    await refreshRelationships(await userDeps(me), { type: 'refresh_relationships', user_id: me.user.id });
    const after = (await json(await as(me, `/api/v1/contacts/${c.id}`))).data.relationship_score;
    expect(after).toBeLessThan(before);
    expect((await json(await as(me, `/api/v1/followups?contact_id=${c.id}`))).data).toHaveLength(1);
  });
});
