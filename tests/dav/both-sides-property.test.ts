import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { as, json } from '../support/client';
import { dav, multigetBody, phoneOf, responsesOf, syncBody, syncTokenIn, type Phone } from './dav-support';

// #42 item 6: random edits on both sides, interleaved: the phone creates, edits and deletes
// cards from what it last synced (so some of its writes meet a 412 and it syncs and tries again,
// as DAVx5 and iOS do), while Kith edits and deletes through the API. After a final sync the
// phone holds exactly Kith's contacts, none twice, every field equal; and what it holds equals a
// full sync from scratch.

interface Held {
  etag: string;
  card: string;
}
interface PhoneState {
  token: string;
  cards: Map<string, Held>;
}

const vcard = { 'content-type': 'text/vcard; charset=utf-8' };
const CRLF = (lines: string[]) => lines.join('\r\n') + '\r\n';
const unescape = (v: string) => v.replace(/\\([nN,;:\\])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
const digits = (p: string) => p.replace(/[^\d+]/g, '');

/** The fields both sides hold, as the phone's card says them. */
function fieldsOfCard(card: string) {
  const lines = card.replace(/\r\n[ \t]/g, '').split('\r\n');
  const values = (name: string) =>
    lines.filter((l) => new RegExp(`^([\\w-]+\\.)?${name}[;:]`, 'i').test(l)).map((l) => unescape(l.slice(l.indexOf(':') + 1)));
  const [last, first] = (lines.find((l) => l.startsWith('N:')) ?? 'N:;').slice(2).split(/(?<!\\);/);
  return {
    first_name: unescape(first ?? '') || null,
    last_name: unescape(last ?? '') || null,
    emails: values('EMAIL').sort(),
    phones: values('TEL').map(digits).sort(),
    title: values('TITLE')[0] ?? null,
    notes: values('NOTE')[0] ?? null,
  };
}

const fieldsOfContact = (c: any) => ({
  first_name: c.first_name,
  last_name: c.last_name,
  emails: [...c.emails].sort(),
  phones: c.phones.map(digits).sort(),
  title: c.title,
  notes: c.notes,
});

/** What a client does on its sync timer: the changes since its token, then the changed cards by multiget. */
async function sync(phone: Phone, state: PhoneState): Promise<void> {
  const answer = await (await dav(phone, 'REPORT', phone.book, syncBody(state.token))).text();
  const changed: string[] = [];
  for (const r of responsesOf(answer)) {
    if (r.href === phone.book) continue;
    if (r.status?.includes('404')) state.cards.delete(r.href);
    else if (state.cards.get(r.href)?.etag !== r.etag) changed.push(r.href);
  }
  state.token = syncTokenIn(answer)!;
  if (changed.length === 0) return;
  for (const r of responsesOf(await (await dav(phone, 'REPORT', phone.book, multigetBody(changed))).text()))
    state.cards.set(r.href, { etag: r.etag!, card: r.card! });
}

async function read(phone: Phone, state: PhoneState, href: string) {
  const res = await dav(phone, 'GET', href);
  if (res.status === 200) state.cards.set(href, { etag: res.headers.get('etag')!, card: await res.text() });
  else state.cards.delete(href);
}

/** A phone write against the card it holds; on a 412 it syncs and tries once more on the fresh card. */
async function phoneWrite(phone: Phone, state: PhoneState, href: string, write: (held: Held) => Promise<Response>) {
  for (let attempt = 0; attempt < 2; attempt++) {
    const held = state.cards.get(href);
    if (!held) return;
    const res = await write(held);
    expect([204, 404, 412], await res.clone().text()).toContain(res.status);
    if (res.status !== 412) return;
    await sync(phone, state);
  }
}

const setLine = (card: string, name: string, line: string | null) =>
  card
    .replace(new RegExp(`^${name}[;:].*\\r\\n(?: .*\\r\\n)*`, 'gm'), '')
    .replace('END:VCARD', line ? `${line}\r\nEND:VCARD` : 'END:VCARD');

const text = fc.stringMatching(/^[A-Za-z][A-Za-z ,;]{0,14}[a-z]$/);
const op = fc.oneof(
  fc.record({ kind: fc.constant('phone-create' as const), first: text }),
  fc.record({ kind: fc.constant('phone-title' as const), at: fc.nat(), value: text }),
  fc.record({ kind: fc.constant('phone-tel' as const), at: fc.nat(), value: fc.integer({ min: 1000, max: 9999 }) }),
  fc.record({ kind: fc.constant('phone-delete' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('kith-create' as const), first: text }),
  fc.record({ kind: fc.constant('kith-notes' as const), at: fc.nat(), value: text }),
  fc.record({ kind: fc.constant('kith-tel' as const), at: fc.nat(), value: fc.integer({ min: 1000, max: 9999 }) }),
  fc.record({ kind: fc.constant('kith-delete' as const), at: fc.nat() }),
);

describe('Random edits on the phone and in Kith', () => {
  it('end with no duplicate and every field equal on both sides', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 10 }), async (ops) => {
        const phone = await phoneOf(undefined, `Phone ${++run}`);
        const contacts = async () => (await json(await as(phone.session, '/api/v1/contacts?page_size=100'))).data as any[];
        for (const first of ['Ada', 'Bo'])
          await as(phone.session, '/api/v1/contacts', {
            method: 'POST',
            json: { first_name: first, emails: [`${first}-${run}@k.example`] },
          });
        const state: PhoneState = { token: '', cards: new Map() };
        await sync(phone, state);
        let made = 0;
        for (const o of ops) {
          const hrefs = [...state.cards.keys()].sort();
          const href = 'at' in o && hrefs.length ? hrefs[o.at % hrefs.length]! : null;
          const kith = 'at' in o ? await contacts() : [];
          const target = 'at' in o && kith.length ? kith[o.at % kith.length] : null;
          if (o.kind === 'phone-create') {
            const uid = `p-${run}-${++made}`;
            const card = CRLF([
              'BEGIN:VCARD',
              'VERSION:3.0',
              `UID:${uid}`,
              `FN:${o.first}`,
              `N:Phone;${o.first.replace(/([,;])/g, '\\$1')};;;`,
              `EMAIL;TYPE=HOME:${uid}@p.example`,
              'END:VCARD',
            ]);
            expect((await dav(phone, 'PUT', `${phone.book}${uid}.vcf`, card, { ...vcard, 'if-none-match': '*' })).status).toBe(201);
            await read(phone, state, `${phone.book}${uid}.vcf`);
          } else if ((o.kind === 'phone-title' || o.kind === 'phone-tel') && href) {
            await phoneWrite(phone, state, href, (held) => {
              const card =
                o.kind === 'phone-title'
                  ? setLine(held.card, 'TITLE', `TITLE:${o.value.replace(/([,;])/g, '\\$1')}`)
                  : held.card.replace('END:VCARD', `TEL;TYPE=CELL:+1 202 555 ${o.value}\r\nEND:VCARD`);
              return dav(phone, 'PUT', href, card, { ...vcard, 'if-match': held.etag });
            });
            await read(phone, state, href);
          } else if (o.kind === 'phone-delete' && href) {
            await phoneWrite(phone, state, href, (held) => dav(phone, 'DELETE', href, undefined, { 'if-match': held.etag }));
            await read(phone, state, href);
          } else if (o.kind === 'kith-create') {
            await as(phone.session, '/api/v1/contacts', {
              method: 'POST',
              json: { first_name: o.first, emails: [`k-${run}-${++made}@k.example`] },
            });
          } else if (o.kind === 'kith-notes' && target) {
            await as(phone.session, `/api/v1/contacts/${target.id}`, { method: 'PATCH', json: { notes: o.value } });
          } else if (o.kind === 'kith-tel' && target) {
            const phones = [...target.phones, `+44 20 7946 ${o.value}`];
            await as(phone.session, `/api/v1/contacts/${target.id}`, { method: 'PATCH', json: { phones } });
          } else if (o.kind === 'kith-delete' && target) {
            expect((await as(phone.session, `/api/v1/contacts/${target.id}`, { method: 'DELETE' })).status).toBeLessThan(300);
          }
        }
        await sync(phone, state);

        const kith = await contacts();
        const held = [...state.cards.values()].map((c) => ({ id: /X-KITH-ID:(\w+)/.exec(c.card)![1]!, ...fieldsOfCard(c.card) }));
        // No duplicates: one card per contact, and no contact twice.
        expect(new Set(held.map((c) => c.id)).size).toBe(held.length);
        expect(held.map((c) => c.id).sort()).toEqual(kith.map((c) => c.id).sort());
        for (const c of kith)
          expect(
            held.find((h) => h.id === c.id),
            c.id,
          ).toEqual({ id: c.id, ...fieldsOfContact(c) });
        // What the phone holds after its incremental syncs is what a full sync from scratch gives.
        const fresh: PhoneState = { token: '', cards: new Map() };
        await sync(phone, fresh);
        expect(new Map([...fresh.cards].map(([href, c]) => [href, c.etag]))).toEqual(
          new Map([...state.cards].map(([href, c]) => [href, c.etag])),
        );
      }),
      { numRuns: 6, seed: 42, endOnFailure: true },
    );
  }, 180_000);
});
