import { describe, expect, it } from 'vitest';
import { as, createContact } from '../support/client';
import { dav, phoneOf, responsesOf, syncBody, syncTokenIn } from './dav-support';

// #42: a phone's sync is hundreds of small requests (DAVx5 reads the ETags by sync-collection,
// then the cards ten at a time), so what each request waits on decides how long the first sync
// takes. The DAV answer's Server-Timing says how many D1 calls it waited on (ADR 046): the
// sign-in is one (source check, password, account, database, API counter and last use in one
// batch), and a page of cards one more besides finding the contacts behind its names.

const multiget = (hrefs: string[]) =>
  `<?xml version="1.0" encoding="utf-8"?><C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:prop><D:getetag/><C:address-data/></D:prop>${hrefs
    .map((h) => `<D:href>${h}</D:href>`)
    .join('')}</C:addressbook-multiget>`;

const d1Calls = (res: Response) => Number(/d1-calls;desc="(\d+)"/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN);

/** What the answer's Server-Timing says the request cost D1 (ADR 059). */
function costOf(res: Response) {
  const header = res.headers.get('server-timing') ?? '';
  const count = (name: string) => Number(new RegExp(`${name};desc="(\\d+)"`).exec(header)?.[1] ?? NaN);
  return { calls: count('d1-calls'), statements: count('d1-statements'), rows: count('d1-rows-read') };
}

/** The sign-in's batch: the password with its account, the API counter's hit, the last use. */
const SIGN_IN_STATEMENTS = 3;
const SIGN_IN_ROWS = 12;
/** Measured: about 40 a card (its rows, identifiers, tags, dates and links, and its name resolved in each statement). */
const ROWS_PER_CARD = 45;

describe('what one DAV request costs', () => {
  it('answers a multiget of ten cards, a card and an empty incremental sync with a few D1 calls each', async () => {
    const phone = await phoneOf(undefined, 'Pixel 8');
    for (let i = 0; i < 12; i++)
      await createContact(phone.session, {
        first_name: `Friend${i}`,
        last_name: 'Cost',
        emails: [`f${i}@cost.example`],
        tags: ['college'],
      });
    const first = await dav(phone, 'REPORT', phone.book, syncBody(''), { depth: '1' });
    const xml = await first.text();
    const hrefs = responsesOf(xml).map((r) => r.href);
    expect(hrefs).toHaveLength(12);

    const cards = await dav(phone, 'REPORT', phone.book, multiget(hrefs.slice(0, 10)), { depth: '1' });
    expect(cards.status).toBe(207);
    const answered = responsesOf(await cards.text());
    expect(answered.filter((r) => r.card?.includes('CATEGORIES:college'))).toHaveLength(10);
    // Sign-in, the names' contacts, then the cards' records beside what the cards add.
    expect(d1Calls(cards)).toBeLessThanOrEqual(4);

    const one = await dav(phone, 'GET', hrefs[11]!);
    expect(await one.text()).toContain('FN:Friend');
    expect(d1Calls(one)).toBeLessThanOrEqual(4);

    const quiet = await dav(phone, 'REPORT', phone.book, syncBody(syncTokenIn(xml)!), { depth: '1' });
    expect(quiet.status).toBe(207);
    expect(responsesOf(await quiet.text())).toHaveLength(0);
    // Sign-in and the log's page: nothing else when nothing changed.
    expect(d1Calls(quiet)).toBeLessThanOrEqual(2);
  });

  it('keeps the device’s last use through the one-batch sign-in', async () => {
    const phone = await phoneOf(undefined, 'Old iPad');
    const before = (await (await as(phone.session, '/api/v1/app-passwords')).json()) as { data: { last_used_at: string | null }[] };
    expect(before.data[0]!.last_used_at).toBeNull();
    expect((await dav(phone, 'PROPFIND', phone.book, undefined, { depth: '0' })).status).toBe(207);
    const after = (await (await as(phone.session, '/api/v1/app-passwords')).json()) as { data: { last_used_at: string | null }[] };
    expect(after.data[0]!.last_used_at).not.toBeNull();
  });

  // #42's speed bullet by design (ADR 059): DAVx5 reads a first sync as hundreds of multigets of
  // ten, and a phone asks for changes every few minutes. A query per card, or a scan of the
  // address book for an empty sync, would pass every other test and miss the budgets on 5 000.
  it('reads a multiget with the same statements for 10 cards as for 30, and an empty sync from one indexed read', async () => {
    const phone = await phoneOf(undefined, 'Pixel 9');
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        createContact(phone.session, {
          first_name: `Bulk${i}`,
          last_name: 'Reader',
          emails: [`b${i}@reader.example`, `b${i}@home.example`],
          phones: [`+1 415 555 ${String(1000 + i)}`],
          tags: ['college', `t${i % 3}`],
          company: `Firm ${i % 4}`,
        }),
      ),
    );
    const first = await dav(phone, 'REPORT', phone.book, syncBody(''), { depth: '1' });
    const xml = await first.text();
    const hrefs = responsesOf(xml).map((r) => r.href);
    // The firms are names on people's cards only, no company cards (ADR 054).
    expect(hrefs).toHaveLength(40);

    const ten = await dav(phone, 'REPORT', phone.book, multiget(hrefs.slice(0, 10)), { depth: '1' });
    const thirty = await dav(phone, 'REPORT', phone.book, multiget(hrefs.slice(10, 40)), { depth: '1' });
    expect(responsesOf(await ten.text()).filter((r) => r.card?.includes('CATEGORIES:college'))).toHaveLength(10);
    expect(responsesOf(await thirty.text()).filter((r) => r.card?.includes('CATEGORIES:college'))).toHaveLength(30);
    // The sign-in, then every card's rows, identifiers, tags, company, names, lines, dates and links in one batch.
    expect(costOf(ten).calls).toBe(2);
    expect(costOf(thirty).calls).toBe(2);
    expect(costOf(thirty).statements).toBe(costOf(ten).statements);
    // Rows read grow with the cards asked for, not with the address book.
    expect(costOf(ten).rows).toBeLessThanOrEqual(ROWS_PER_CARD * 10 + SIGN_IN_ROWS);
    expect(costOf(thirty).rows).toBeLessThanOrEqual(ROWS_PER_CARD * 30 + SIGN_IN_ROWS);

    const quiet = await dav(phone, 'REPORT', phone.book, syncBody(syncTokenIn(xml)!), { depth: '1' });
    expect(responsesOf(await quiet.text())).toHaveLength(0);
    // The sign-in's batch and one statement on the log's index: a read of the 40 cards' log rows would show.
    expect(costOf(quiet)).toEqual({ calls: 2, statements: SIGN_IN_STATEMENTS + 1, rows: expect.any(Number) });
    expect(costOf(quiet).rows).toBeLessThanOrEqual(SIGN_IN_ROWS + 4);
  });
});
