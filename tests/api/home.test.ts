import { describe, expect, it } from 'vitest';
import { upcomingDays } from '../../worker/domain/dates/important-dates';
import { generateFollowups } from '../../worker/domain/followups/followups';
import { as, createContact, json, signUp } from '../support/client';
import { userDeps } from '../support/stores';

const daysFromNow = (n: number) => new Date(Date.now() + n * 86_400_000);

describe('important dates', () => {
  it("adds, lists and deletes a contact's dates, with one birthday at most and real days only", async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Dee' });
    const add = (body: unknown) => as(me, `/api/v1/contacts/${c.id}/dates`, { method: 'POST', json: body });
    expect((await add({ kind: 'birthday', month: 2, day: 30 })).status).toBe(400);
    expect((await add({ kind: 'custom', month: 5, day: 1 })).status).toBe(400);
    const bday = await json(await add({ kind: 'birthday', month: 2, day: 29, year: 1992 }));
    expect(bday.data).toMatchObject({ kind: 'birthday', month: 2, day: 29, year: 1992 });
    expect((await add({ kind: 'birthday', month: 3, day: 1 })).status).toBe(409);
    expect((await add({ kind: 'custom', label: 'Founded Acme', month: 6, day: 12 })).status).toBe(201);
    const list = await json(await as(me, `/api/v1/contacts/${c.id}/dates`));
    expect(list.data.map((d: { kind: string }) => d.kind)).toEqual(['birthday', 'custom']);
    expect((await as(me, `/api/v1/contacts/${c.id}/dates/${bday.data.id}`, { method: 'DELETE' })).status).toBe(204);

    const stranger = await signUp();
    expect((await as(stranger, `/api/v1/contacts/${c.id}/dates`)).status).toBe(404);
  });

  it("computes the coming days in the user's time zone, across the year end", () => {
    const lateOnDec31Utc = new Date('2026-12-31T23:30:00Z');
    expect(upcomingDays(lateOnDec31Utc, 'UTC', 2).map((d) => `${d.month}-${d.day}`)).toEqual(['12-31', '1-1', '1-2']);
    expect(upcomingDays(lateOnDec31Utc, 'Asia/Tokyo', 1).map((d) => `${d.month}-${d.day}`)).toEqual(['1-1', '1-2']);
  });
});

describe('home', () => {
  it('says whether the account has any contact yet, so an empty Home can show how to start', async () => {
    const me = await signUp('Newcomer');
    expect((await json(await as(me, '/api/v1/home'))).data.has_contacts).toBe(false);
    await createContact(me, { first_name: 'First' });
    expect((await json(await as(me, '/api/v1/home'))).data.has_contacts).toBe(true);
  });

  it('shows follow-ups due, dates within 7 days, high-priority contacts going cold and recent interactions', async () => {
    const me = await signUp('Homer');
    const cold = await createContact(me, { first_name: 'Cold', last_name: 'High', priority: 'high' });
    const warm = await createContact(me, { first_name: 'Warm', priority: 'high' });
    await as(me, `/api/v1/contacts/${cold.id}/meetings`, {
      method: 'POST',
      json: { title: 'Lunch', occurred_at: daysFromNow(-45).toISOString() },
    });
    await as(me, `/api/v1/contacts/${warm.id}/meetings`, {
      method: 'POST',
      json: { title: 'Coffee', occurred_at: daysFromNow(-2).toISOString() },
    });
    const soon = daysFromNow(3);
    const later = daysFromNow(20);
    await as(me, `/api/v1/contacts/${warm.id}/dates`, {
      method: 'POST',
      json: { kind: 'birthday', month: soon.getUTCMonth() + 1, day: soon.getUTCDate(), year: 1990 },
    });
    await as(me, `/api/v1/contacts/${cold.id}/dates`, {
      method: 'POST',
      json: { kind: 'anniversary', month: later.getUTCMonth() + 1, day: later.getUTCDate() },
    });
    await generateFollowups((await userDeps(me)).db, me.user.id);

    const { data } = await json(await as(me, '/api/v1/home'));
    expect(data.followups.map((f: { contact_id: string }) => f.contact_id)).toEqual([cold.id]);
    expect(data.upcoming_dates).toEqual([
      expect.objectContaining({ contact_id: warm.id, kind: 'birthday', in_days: 3, turns: soon.getUTCFullYear() - 1990 }),
    ]);
    expect(data.going_cold.map((c: { id: string }) => c.id)).toEqual([cold.id]);
    expect(data.recent.map((r: { contact_name: string }) => r.contact_name)).toEqual(['Warm', 'Cold High']);
  });

  it('hides a snoozed follow-up from Home', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Snooze', priority: 'high' });
    await as(me, `/api/v1/contacts/${c.id}/meetings`, {
      method: 'POST',
      json: { title: 'Old', occurred_at: daysFromNow(-90).toISOString() },
    });
    await generateFollowups((await userDeps(me)).db, me.user.id);
    const [followup] = (await json(await as(me, '/api/v1/home'))).data.followups;
    expect((await as(me, `/api/v1/followups/${followup.id}/snooze`, { method: 'POST', json: { days: 7 } })).status).toBeLessThan(300);
    expect((await json(await as(me, '/api/v1/home'))).data.followups).toEqual([]);
  });
});
