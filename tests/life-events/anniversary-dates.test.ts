import { describe, expect, it } from 'vitest';
import { addDays, localDate } from '../../worker/domain/keep-in-touch/calendar-dates';
import { as, json, signUp, type Session } from '../support/client';
import { allContacts, upload, waitForImport } from '../support/imports';

const CONTACT_PAGE = encodeURIComponent('routes/_app.contacts.$id');
const contactPage = async (me: Session, id: string) => json(await as(me, `/contacts/${id}?_data=${CONTACT_PAGE}`));

// ADR 049: a card's anniversary stays a contact date; the Life section and Home read it.
describe('anniversaries from a phone card in the Life section and on Home', () => {
  it('shows an X-ABDATE wedding anniversary as a yearly entry in Life and on Home in its week, stored once', async () => {
    const me = await signUp();
    const today = localDate(new Date(), 'UTC');
    const inTwoDays = addDays(today, 2);
    const wedding = `${Number(inTwoDays.slice(0, 4)) - 10}${inTwoDays.slice(4)}`;
    const card = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Lind;Jenny;;;',
      'FN:Jenny Lind',
      `item1.X-ABDATE:${wedding}`,
      'item1.X-ABLabel:_$!<Anniversary>!$_',
      'END:VCARD',
      '',
    ].join('\r\n');
    const res = await upload(me, '/api/v1/imports/vcard', card, {}, 'jenny.vcf');
    expect(res.status).toBe(202);
    await waitForImport(me, (await json(res)).data.import_id);
    const jenny = (await allContacts(me)).find((c) => c.full_name === 'Jenny Lind')!;

    const page = await contactPage(me, jenny.id);
    const [month, day] = inTwoDays.slice(5).split('-').map(Number);
    expect(page.lifeDates.map((d: any) => [d.title, d.month, d.day, d.next_on, d.in_days, d.years])).toEqual([
      ['Wedding anniversary', month, day, inTwoDays, 2, 10],
    ]);
    // Read, not copied: no life event was made, and the date is the one in the dates card.
    expect(page.life).toEqual([]);
    expect(page.dates.map((d: any) => [d.kind, d.id])).toEqual([['anniversary', page.lifeDates[0].date_id]]);

    const home = (await json(await as(me, '/api/v1/home'))).data;
    expect(home.upcoming_dates.map((d: any) => [d.contact_name, d.kind, d.in_days, d.turns])).toEqual([
      ['Jenny Lind', 'anniversary', 2, 10],
    ]);
  });

  it('brings a year-less anniversary round to next year once its day has passed', async () => {
    const me = await signUp();
    const contact = (await json(await as(me, '/api/v1/contacts', { method: 'POST', json: { first_name: 'Ole' } }))).data;
    const yesterday = addDays(localDate(new Date(), 'UTC'), -1);
    const [month, day] = yesterday.slice(5).split('-').map(Number);
    const added = await as(me, `/api/v1/contacts/${contact.id}/dates`, { method: 'POST', json: { kind: 'anniversary', month, day } });
    expect(added.status, await added.clone().text()).toBe(201);

    const [entry] = (await contactPage(me, contact.id)).lifeDates;
    expect(entry.years).toBeNull();
    expect(entry.in_days).toBeGreaterThanOrEqual(364);
    expect(entry.next_on.slice(0, 4)).toBe(String(Number(yesterday.slice(0, 4)) + 1));
  });
});
