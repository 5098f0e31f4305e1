import { describe, expect, it } from 'vitest';
import { as, createContact, json, ORIGIN, signUp } from '../support/client';

const MET = '2026-01-05T10:00:00.000Z';

async function contactWithMeeting(me: Awaited<ReturnType<typeof signUp>>) {
  const kim = await createContact(me, { first_name: 'Kim' });
  const res = await as(me, `/api/v1/contacts/${kim.id}/meetings`, { method: 'POST', json: { title: 'Breakfast', occurred_at: MET } });
  expect(res.status).toBe(201);
  return kim;
}

const saveTimeZone = (me: Awaited<ReturnType<typeof signUp>>, zone: string) =>
  as(me, '/settings', {
    method: 'POST',
    body: new URLSearchParams({ intent: 'time-zone', time_zone: zone }),
    headers: { host: new URL(ORIGIN).host, 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('the time zone dates are shown in', () => {
  it('changes through PATCH /me and refuses a zone that does not exist, keeping the old one', async () => {
    const me = await signUp();
    const res = await as(me, '/api/v1/me', { method: 'PATCH', json: { time_zone: 'Asia/Tokyo' } });
    expect(res.status).toBe(200);
    expect((await json(res)).data.user.time_zone).toBe('Asia/Tokyo');

    const bad = await as(me, '/api/v1/me', { method: 'PATCH', json: { time_zone: 'Mars/Olympus_Mons' } });
    expect(bad.status).toBe(422);
    expect((await json(bad)).error).toMatchObject({ code: 'not_processable', details: { field: 'time_zone' } });
    expect((await json(await as(me, '/api/v1/me'))).data.user.time_zone).toBe('Asia/Tokyo');
  });

  it('shows the timeline in the zone chosen in Settings', async () => {
    const me = await signUp();
    const kim = await contactWithMeeting(me);
    // Signed up without a zone: UTC.
    expect(await (await as(me, `/contacts/${kim.id}`)).text()).toContain('5 Jan 2026, 10:00');

    const saved = await saveTimeZone(me, 'Asia/Tokyo');
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain('Dates and times are now shown in Asia/Tokyo.');
    const page = await (await as(me, `/contacts/${kim.id}`)).text();
    expect(page).toContain('5 Jan 2026, 19:00');
    expect(page).not.toContain('5 Jan 2026, 10:00');
  });

  it('explains a zone Settings cannot use and changes nothing', async () => {
    const me = await signUp();
    const res = await saveTimeZone(me, 'Nowhere/Special');
    expect(res.status).toBe(422);
    expect(await res.text()).toContain('Unknown time zone');
    expect((await json(await as(me, '/api/v1/me'))).data.user.time_zone).toBe('UTC');
  });
});
