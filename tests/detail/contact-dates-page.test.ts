import { describe, expect, it } from 'vitest';
import { timeZoneAt } from '../../worker/domain/contacts/local-time-zone';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { userD1 } from '../support/stores';

const LOADER = encodeURIComponent('routes/_app.contacts.$id');
const pageData = async (session: Session, id: string) => json(await as(session, `/contacts/${id}?_data=${LOADER}`));
const submit = (session: Session, id: string, fields: Record<string, string>) =>
  as(session, `/contacts/${id}?_data=${LOADER}`, { method: 'POST', body: new URLSearchParams(fields) });

describe('the contact page: birthday and important dates', () => {
  it('loads the dates with the page and shows them', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Ada', last_name: 'Lovelace' });
    expect((await pageData(me, c.id)).dates).toEqual([]);
    await as(me, `/api/v1/contacts/${c.id}/dates`, { method: 'POST', json: { kind: 'birthday', month: 12, day: 10, year: 1985 } });
    await as(me, `/api/v1/contacts/${c.id}/dates`, { method: 'POST', json: { kind: 'custom', label: 'First program', month: 7, day: 1 } });
    const data = await pageData(me, c.id);
    expect(data.dates.map((d: any) => [d.kind, d.label, d.month, d.day, d.year])).toEqual([
      ['custom', 'First program', 7, 1, null],
      ['birthday', null, 12, 10, 1985],
    ]);
    const html = await (await as(me, `/contacts/${c.id}`)).text();
    expect(html).toContain('Birthday and dates');
    expect(html).toContain('10 December 1985');
    expect(html).toContain('First program');
  });

  it('adds, edits and deletes a birthday from the page, with the same rules as the API', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Grace' });
    const added = await submit(me, c.id, { intent: 'add-date', kind: 'birthday', month: '12', day: '9', year: '' });
    expect(added.status).toBe(200);
    let [date] = (await pageData(me, c.id)).dates;
    expect(date).toMatchObject({ kind: 'birthday', month: 12, day: 9, year: null });

    const second = await submit(me, c.id, { intent: 'add-date', kind: 'birthday', month: '1', day: '1' });
    expect(second.status).toBe(409);
    expect((await json(second)).error.message).toMatch(/already has a birthday/);
    const impossible = await submit(me, c.id, { intent: 'add-date', kind: 'anniversary', month: '2', day: '30' });
    expect(impossible.status).toBe(400);

    expect(
      (await submit(me, c.id, { intent: 'edit-date', id: date.id, kind: 'birthday', month: '12', day: '9', year: '1906' })).status,
    ).toBe(200);
    [date] = (await pageData(me, c.id)).dates;
    expect(date).toMatchObject({ kind: 'birthday', month: 12, day: 9, year: 1906 });
    // The same birthday appears through the API.
    expect((await json(await as(me, `/api/v1/contacts/${c.id}/dates`))).data).toMatchObject([{ id: date.id, year: 1906 }]);

    expect((await submit(me, c.id, { intent: 'delete-date', id: date.id })).status).toBe(200);
    expect((await pageData(me, c.id)).dates).toEqual([]);
  });

  it("never touches another user's dates", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const c = await createContact(alice, { first_name: 'Ada' });
    const { data } = await json(
      await as(alice, `/api/v1/contacts/${c.id}/dates`, { method: 'POST', json: { kind: 'birthday', month: 3, day: 4 } }),
    );
    expect((await submit(bob, c.id, { intent: 'delete-date', id: data.id })).status).toBe(404);
    expect((await pageData(alice, c.id)).dates).toHaveLength(1);
  });
});

describe("the contact page: the contact's local time", () => {
  it('names the time zone at the geocoded coordinates, and none without coordinates', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Jürgen', location: 'Berlin' });
    await (
      await userD1(me)
    )
      .prepare("UPDATE contacts SET latitude = 52.52, longitude = 13.405, geocoded_location = 'Berlin', geocoded_at = ?2 WHERE id = ?1")
      .bind(c.id, new Date().toISOString())
      .run();
    const data = await pageData(me, c.id);
    expect(data.timeZone).toBe('Europe/Berlin');
    const html = await (await as(me, `/contacts/${c.id}`)).text();
    expect(html).toContain('local time');
    expect(html).toContain('Europe/Berlin');

    const nowhere = await createContact(me, { first_name: 'Nomad' });
    expect((await pageData(me, nowhere.id)).timeZone).toBeNull();
    expect(await (await as(me, `/contacts/${nowhere.id}`)).text()).not.toContain('local time');
  });

  it('looks the zone up offline for places around the world', () => {
    expect(timeZoneAt(35.6895, 139.6917)).toBe('Asia/Tokyo');
    expect(timeZoneAt(40.7128, -74.006)).toBe('America/New_York');
    expect(timeZoneAt(-33.8688, 151.2093)).toBe('Australia/Sydney');
    expect(timeZoneAt(19.076, 72.8777)).toBe('Asia/Kolkata');
    expect(timeZoneAt(null, 10)).toBeNull();
    expect(timeZoneAt(123, 10)).toBeNull();
  });
});
