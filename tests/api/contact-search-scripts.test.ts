import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { as, createContact, json, signUp, type Session } from '../support/client';

// Given and family names as people write them, with the letters Unicode takes apart into a base
// and a mark: "й", "ё", accented Greek, Devanagari and Thai vowel signs, Hangul syllables, kana
// with dakuten, Arabic shadda, Hebrew points, Latin accents.
const NAMES: Record<string, { given: string[]; family: string[] }> = {
  Latin: {
    given: ['José', 'Zoë', 'Łukasz', 'Øyvind', 'Þóra', 'François', 'Ana'],
    family: ['Ñúñez', 'Ångström', 'Nguyễn', 'Żółć', 'Smith'],
  },
  Cyrillic: {
    given: ['Дмитрий', 'Сергей', 'Алексей', 'Фёдор', 'Юлия', 'Їжак', 'Анна'],
    family: ['Иванов', 'Чайковский', 'Соловьёв', 'Nakamura'],
  },
  Greek: { given: ['Ελένη', 'Γιώργος', 'Νίκος', 'Δημήτρης', 'Αθηνά'], family: ['Παπαδόπουλος', 'Οικονόμου', 'Καραγιάννης'] },
  Arabic: { given: ['محمّد', 'فاطمة', 'يوسف', 'عليّ'], family: ['الحسيني', 'حدّاد', 'منصور'] },
  Hebrew: { given: ['דוד', 'שָׂרָה', 'יוסף', 'מרים'], family: ['כהן', 'לוי', 'שָׁלוֹם'] },
  Devanagari: { given: ['राहुल', 'प्रिया', 'अनिल', 'सुनीता', 'विक्रम'], family: ['शर्मा', 'गुप्ता', 'सिंह'] },
  Thai: { given: ['สมชาย', 'สุนีย์', 'ประยุทธ์', 'วิไล'], family: ['ใจดี', 'ศรีสุข', 'รัตนพันธ์'] },
  CJK: { given: ['小明', '娜', '太郎', 'ゆうじ'], family: ['王', '李', '山田', 'さとう'] },
  Hangul: { given: ['민수', '지은', '서준'], family: ['김', '이', '박'] },
};

// Some keyboards and files give a letter taken apart (NFD: "и" + U+0306): saved or typed so, it is the same name.
const aName = fc.constantFrom(...Object.keys(NAMES)).chain((script) =>
  fc.record({
    script: fc.constant(script),
    first: fc.constantFrom(...NAMES[script]!.given),
    last: fc.constantFrom(...NAMES[script]!.family),
    savedAs: fc.constantFrom('NFC', 'NFD'),
    typedAs: fc.constantFrom('NFC', 'NFD'),
  }),
);

const LIST_PAGE = encodeURIComponent('routes/_app._contact-list.contacts._index');

/** The ids the command palette's call (GET /contacts, six results) and the contact list page find for a query. */
async function found(me: Session, q: string): Promise<{ palette: string[]; list: string[] }> {
  const api = await as(me, `/api/v1/contacts?q=${encodeURIComponent(q)}&page_size=6`);
  const page = await as(me, `/contacts?q=${encodeURIComponent(q)}&_data=${LIST_PAGE}`);
  expect(api.status).toBe(200);
  expect(page.status).toBe(200);
  return {
    palette: (await json(api)).data.map((c: { id: string }) => c.id),
    list: (await json(page)).contacts.map((c: { id: string }) => c.id),
  };
}

describe('names in every script are found whole and word by word', () => {
  let me: Session;
  beforeAll(async () => {
    me = await signUp();
  });

  it('finds a contact by its whole name and by each of its words, in the list and the command palette', async () => {
    await fc.assert(
      fc.asyncProperty(aName, async ({ script, first, last, savedAs, typedAs }) => {
        const contact = await createContact(me, { first_name: first.normalize(savedAs), last_name: last.normalize(savedAs) });
        for (const q of [`${first} ${last}`, first, last]) {
          const { palette, list } = await found(me, q.normalize(typedAs));
          expect(palette, `${script}: "${q}" in the palette`).toContain(contact.id);
          expect(list, `${script}: "${q}" in the list`).toContain(contact.id);
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('puts a whole name typed in Cyrillic, Greek or Devanagari first, as a name that starts with the query', async () => {
    const other = await signUp();
    // Both match "дмитрий" somewhere; only the first one's name starts with it (tier 1).
    await createContact(other, { first_name: 'Анна', last_name: 'Петрова', notes: 'Дмитрий introduced us' });
    await createContact(other, { first_name: 'Дмитрий', last_name: 'Соколов' });
    const names = async (q: string) =>
      (await json(await as(other, `/api/v1/contacts?q=${encodeURIComponent(q)}`))).data.map((c: { full_name: string }) => c.full_name);
    expect(await names('Дмитрий')).toEqual(['Дмитрий Соколов', 'Анна Петрова']);
  });
});
