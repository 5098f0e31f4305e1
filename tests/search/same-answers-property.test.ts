import { beforeAll, describe, expect, it } from 'vitest';
import { applyInSlices } from '../../app/search-index/build-in-slices';
import { foldedWords, foldText } from '../../worker/domain/folding';
import type { ContactSort } from '../../worker/domain/search/contact-sorts';
import { LocalSearchIndex } from '../../worker/domain/search/local/local-search-index';
import type { SearchRow } from '../../worker/domain/search/local/search-row';
import { parseSearch } from '../../worker/domain/search/search-terms';
import { as, createContact, signUp, type Session } from '../support/client';
import { setContactColumns } from '../support/contact-fixtures';
import { readSearchIndexFeed, serverSearchPage } from '../support/search-index-pages';
import { seededRandom } from '../support/seeded-random';

// Issue 49, "Same answers": the browser's first rows (its local index, ADR 040) and the server's
// page that replaces them must agree, or the list jumps under the finger. A seeded network written
// through the API into D1 (names in Latin with and without accents, Cyrillic, Greek, Chinese,
// Japanese, Korean, Vietnamese, and the same people spelled in Latin; companies with websites,
// titles, handles, emails, tags), the rows GET /search-index serves fed to the browser's code
// (app/search-index's applyInSlices into LocalSearchIndex), then generated queries through both:
// the first pages must hold the same contacts in each run of equal tier and sort key, order
// within such a run aside. Then the network changes and the index follows the feed: again.

/** People as their names are written, and as someone types them in Latin letters. */
const PEOPLE: [first: string, last: string, latinFirst: string, latinLast: string][] = [
  ['José', 'Núñez', 'Jose', 'Nunez'],
  ['Zoë', 'Ørsted', 'Zoe', 'Oersted'],
  ['Łukasz', 'Wróbel', 'Lukasz', 'Wrobel'],
  ['Anaïs', 'Lefèvre', 'Anais', 'Lefevre'],
  ['Björn', 'Müller', 'Bjorn', 'Mueller'],
  ['Дмитрий', 'Иванов', 'Dmitrii', 'Ivanov'],
  ['Ёлка', 'Щукина', 'Yolka', 'Shchukina'],
  ['Σοφία', 'Παπαδοπούλου', 'Sofia', 'Papadopoulou'],
  ['太郎', '山田', 'Taro', 'Yamada'],
  ['伟', '王', 'Wei', 'Wang'],
  ['さくら', '佐藤', 'Sakura', 'Sato'],
  ['민준', '김', 'Minjun', 'Kim'],
  ['Nguyễn', 'Thị Minh', 'Nguyen', 'Thi Minh'],
  ['Ada', 'Lovelace', 'Ada', 'Lovelace'],
  ['Marek', 'Marsh', 'Marek', 'Marsh'],
];
const COMPANIES: [name: string, website: string | null][] = [
  ['Société Générale', 'https://www.societe-generale.example'],
  ['Ørsted Energi', null],
  ['山田商事', 'https://yamada-shoji.example'],
  ['Газпром нефть', null],
  ['Quantum Ltd', 'https://quantum.example'],
  ['Marsh & Co', null],
];
const TITLES = ['Founder', 'Ingénieur', 'Директор', '部長', 'Marketing lead', 'CTO', null];
const TAGS = ['investor', 'friend', 'lisbon-trip', 'café', '東京', 'σύμβουλος'];
const DOMAINS = ['example.com', 'mail.ru', 'correo.es'];

function seedNetwork(pick: () => number) {
  const one = <T>(list: readonly T[]) => list[Math.floor(pick() * list.length)]!;
  return Array.from({ length: 80 }, (_, i) => {
    const [first, last, latinFirst, latinLast] = one(PEOPLE);
    const inLatin = pick() < 0.35;
    const slug = `${latinFirst.toLowerCase()}${i}`;
    return {
      body: {
        first_name: inLatin ? latinFirst : first,
        last_name: pick() < 0.9 ? (inLatin ? latinLast : last) : null,
        company: pick() < 0.7 ? one(COMPANIES)[0] : null,
        title: one(TITLES),
        emails: pick() < 0.7 ? [`${slug}@${one(DOMAINS)}`] : [],
        tags: TAGS.filter(() => pick() < 0.2),
        twitter_handle: pick() < 0.3 ? `${slug}_x` : null,
        telegram_username: pick() < 0.2 ? `tg_${slug}` : null,
      },
      // Few distinct scores: most pages hold ties.
      score: [0, 1, 2, 2, 3, 5, 8][Math.floor(pick() * 7)]!,
      archived: pick() < 0.08,
    };
  });
}

const withoutAccents = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '');

/** What people type: prefixes, whole words, two words, words without their accents, Latin spellings, `@handle`, emails. */
function queriesOf(unordered: SearchRow[], pick: () => number): string[] {
  const one = <T>(list: readonly T[]) => list[Math.floor(pick() * list.length)]!;
  // The feed's order follows the order the writes landed in: sorted, the same seed draws the same queries.
  const text = (r: SearchRow) => [r.full_name, r.company, r.title, r.handles, ...r.emails, ...r.tags].join('|');
  const rows = [...unordered].sort((a, b) => (text(a) < text(b) ? -1 : text(a) > text(b) ? 1 : 0));
  const words = rows
    .flatMap((r) => [r.full_name, r.company_name ?? '', r.title ?? '', ...r.tags].join(' ').split(/\s+/))
    .filter((w) => /\p{L}/u.test(w));
  const handles = rows.flatMap((r) => (r.handles ?? '').split(' ')).filter(Boolean);
  const emails = rows.flatMap((r) => r.emails);
  const queries = new Set<string>();
  for (let i = 0; i < 50; i++) {
    const word = one(words);
    queries.add(word.slice(0, 1 + Math.floor(pick() * word.length)));
    queries.add(word);
    queries.add(withoutAccents(word));
    queries.add(`${one(words)} ${one(words).slice(0, 2)}`);
  }
  // A company word but its last letter: close to other words, where the server also tries close spellings.
  for (const [name] of COMPANIES) for (const word of name.split(' ')) queries.add(word.slice(0, Math.max(1, word.length - 1)));
  for (const [first, last, latinFirst, latinLast] of PEOPLE) {
    queries.add(`${latinFirst} ${latinLast.slice(0, 3)}`);
    queries.add(latinLast);
    queries.add(`${last}${first}`);
    queries.add(`${first} ${last}`.toUpperCase());
  }
  for (let i = 0; i < 8; i++) {
    const handle = one(handles);
    queries.add(`@${handle.slice(0, 4)}`);
    queries.add(`@${handle}`);
    const email = one(emails);
    queries.add(email);
    queries.add(email.split('@')[0]!);
    queries.add(email.split('@')[1]!);
  }
  return [...queries].filter((q) => q.trim());
}

/** The server's tier of a matching row (search-page-queries.ts), worked out from the row itself. */
function tierOf(row: SearchRow, q: string): number {
  const terms = parseSearch(q)!;
  const words = (...texts: (string | null)[]) => texts.flatMap((t) => foldedWords(foldText(t ?? '')));
  const starts = (list: string[]) => terms.words.some((w) => list.some((x) => x.startsWith(w)));
  if (row.name_sort.startsWith(terms.phrase)) return 1;
  // A name's words are also its Latin spelling's (ADR 084).
  const name = words(row.full_name, row.name_latin ?? null);
  return starts(name) ? 2 : starts(words(row.company, row.title)) ? 3 : starts(words(row.handles)) ? 4 : 5;
}

const SORT_KEY: Partial<Record<ContactSort, (row: SearchRow) => unknown>> = {
  '-score': (row) => row.relationship_score,
  name: (row) => row.name_sort,
};

/** A page as its runs of equal tier and sort key, each run's ids as a set (sorted). */
function runsOf(index: LocalSearchIndex, ids: string[], q: string, sort: ContactSort): string[] {
  const runs: { key: string; ids: string[] }[] = [];
  for (const id of ids) {
    const row = index.get(id);
    const key = row ? `tier ${tierOf(row, q)}, ${String(SORT_KEY[sort]!(row))}` : `not in the local index: ${id}`;
    const last = runs.at(-1);
    if (last?.key === key) last.ids.push(id);
    else runs.push({ key, ids: [id] });
  }
  return runs.map((run) => `${run.key}: ${run.ids.sort().join(' ')}`);
}

/** Every query whose first pages differ, with both pages as runs; [] when all agree. */
async function differences(me: Session, index: LocalSearchIndex, queries: string[], sort: ContactSort) {
  const differ = [];
  for (const q of queries) {
    const local = index.search(q, sort, 20);
    if (!local) continue;
    const server = await serverSearchPage(me, q, sort);
    const [mine, theirs] = [
      runsOf(
        index,
        local.rows.map((r) => r.id),
        q,
        sort,
      ),
      runsOf(index, server, q, sort),
    ];
    if (JSON.stringify(mine) === JSON.stringify(theirs)) continue;
    // Who they are, to see why: name, company words, title.
    const who = Object.fromEntries(
      [...new Set([...local.rows.map((r) => r.id), ...server])].map((id) => {
        const row = index.get(id);
        return [id, row ? [row.full_name, row.name_sort, row.company, row.title].join(' · ') : 'not in the local index'];
      }),
    );
    differ.push({ q, sort, local: mine, server: theirs, who });
  }
  return differ;
}

describe('the browser’s local index and the server give the same first page (issue 49)', () => {
  let me: Session;
  const index = new LocalSearchIndex();
  let cursor = '';
  const people: { id: string; company: { id: string; name: string } | null }[] = [];
  const pick = seededRandom(4949);

  beforeAll(async () => {
    me = await signUp();
    const network = seedNetwork(pick);
    for (let i = 0; i < network.length; i += 10) {
      const made = await Promise.all(
        network.slice(i, i + 10).map(async ({ body, score, archived }) => {
          const contact = await createContact(me, body);
          await setContactColumns(me, contact.id, { relationship_score: score, ...(archived ? { priority: 'archived' } : {}) });
          return contact;
        }),
      );
      people.push(...made);
    }
    const organizations = new Map(people.flatMap((p) => (p.company ? [[p.company.name, p.company.id]] : [])));
    for (const [name, website] of COMPANIES) {
      if (website && organizations.has(name))
        await as(me, `/api/v1/organizations/${organizations.get(name)}`, { method: 'PATCH', json: { website } });
    }
    const feed = await readSearchIndexFeed(me);
    cursor = feed.cursor;
    await applyInSlices(index, feed.changes, '-score', () => false);
  }, 60_000);

  it('answers every generated query with the server’s first page, in every tier', async () => {
    const queries = queriesOf([...index.rows()], pick);
    expect(queries.length).toBeGreaterThan(200);
    expect(await differences(me, index, queries, '-score')).toEqual([]);
    expect(await differences(me, index, queries.slice(0, 60), 'name')).toEqual([]);
  }, 120_000);

  it('still does once the network changed and the index followed the feed', async () => {
    const byName = new Map(people.flatMap((p) => (p.company ? [[p.company.name, p.company.id]] : [])));
    const [ada, bo, cy] = people;
    await as(me, `/api/v1/organizations/${byName.get('Quantum Ltd')}`, {
      method: 'PATCH',
      json: { website: 'https://qubit-labs.example' },
    });
    await as(me, `/api/v1/organizations/${byName.get('Marsh & Co')}`, { method: 'PATCH', json: { name: 'Marsh & Söhne' } });
    await as(me, `/api/v1/contacts/${ada!.id}`, { method: 'PATCH', json: { last_name: 'Ivanova', title: 'Главный инженер' } });
    await as(me, `/api/v1/contacts/${bo!.id}`, { method: 'PATCH', json: { priority: 'archived' } });
    await as(me, `/api/v1/contacts/${cy!.id}`, { method: 'DELETE' });

    const feed = await readSearchIndexFeed(me, cursor);
    await applyInSlices(index, feed.changes, '-score', () => false);
    const queries = [
      'qubit',
      'labs',
      'quantum',
      'söhne',
      'sohne',
      'marsh',
      'ivanova',
      'главн',
      'инж',
      ...queriesOf([...index.rows()], pick),
    ];
    expect(await differences(me, index, queries, '-score')).toEqual([]);
  }, 120_000);

  it('asks the server for what it does not hold: no phone numbers, nothing to search for', () => {
    expect(index.search('+44 20 7946 0958')).toBeNull();
    expect(index.search('@')).toBeNull();
    expect(index.size).toBeGreaterThan(60);
  });
});
