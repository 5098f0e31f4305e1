import { beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_SORTS } from '../../worker/domain/search/contact-sorts';
import { LocalSearchIndex } from '../../worker/domain/search/local/local-search-index';
import type { SearchRow } from '../../worker/domain/search/local/search-row';
import { createContact, signUp, type Session } from '../support/client';
import { setContactColumns } from '../support/contact-fixtures';
import { untilEveryPlaceGeocoded } from '../support/geocoded';
import { readSearchIndexFeed, serverSearchPage } from '../support/search-index-pages';
import { seededRandom } from '../support/seeded-random';

// The browser's local index (ADR 040) answers first and the server's page replaces it: the two
// must agree, or the list jumps under the pointer. A seeded network with names in several
// scripts and accents, companies, titles, handles, emails, tags and places; queries drawn from
// its own words (prefixes, whole words, two words, other case and accents, Cyrillic and Greek
// names spelled in Latin letters (ADR 084), `@handle`), each run through the local ranking and
// through GET /api/v1/contacts, in every sort: same first page.

const FIRST = [
  'Ada',
  'José',
  'Zoë',
  'Łukasz',
  'Mário',
  'Márta',
  'Marek',
  'Dmitri',
  'Дмитрий',
  'Σοφία',
  'Søren',
  'Ana',
  'Anaïs',
  'Björn',
  'Chloé',
];
const LAST = ['Lovelace', 'Núñez', 'Ørsted', 'Müller', 'Marsh', 'Иванов', 'Παπαδόπουλος', 'Smith', 'Sánchez', 'Lovell', 'Ng', 'Nguyễn'];
const COMPANIES = ['Analytical Engines', 'Marsh & Co', 'Nordisk', 'Lovelace Labs', 'Ørsted Energi', 'Quantum Ltd', null];
const TITLES = ['Founder', 'Engineer', 'Marketing lead', 'Investor', 'CTO', null];
const TAGS = ['investor', 'friend', 'lisbon-trip', 'mentor', 'family'];
const CITIES = ['Tokyo', 'Berlin', 'Lisbon', 'Osaka', null];

function seedNetwork(pick: () => number) {
  const one = <T>(list: readonly T[]) => list[Math.floor(pick() * list.length)]!;
  return Array.from({ length: 70 }, (_, i) => {
    const first = one(FIRST);
    const last = one(LAST);
    const slug =
      `${first}${i}`
        .normalize('NFD')
        .replace(/[^a-zA-Z0-9]/g, '')
        .toLowerCase() || `p${i}`;
    return {
      body: {
        first_name: first,
        last_name: pick() < 0.9 ? last : null,
        company: one(COMPANIES),
        title: one(TITLES),
        emails: pick() < 0.7 ? [`${slug}@${one(['example.com', 'mail.org', 'quantum.io'])}`] : [],
        tags: TAGS.filter(() => pick() < 0.25),
        location: one(CITIES),
        twitter_handle: pick() < 0.3 ? `${slug}_x` : null,
        telegram_username: pick() < 0.2 ? `tg${slug}` : null,
        // Notes never reach the local index: their words are kept apart from every query here.
        notes: pick() < 0.3 ? 'Yachting, yearly' : null,
      },
      // Few distinct scores: most pages hold ties, ordered by id on both sides.
      score: one([0, 1, 2, 2, 3, 5, 8]),
      archived: pick() < 0.08,
    };
  });
}

/** Queries made of the network's own words: what a person types, letter by letter and whole. */
function queriesOf(rows: SearchRow[], pick: () => number): string[] {
  const words = rows.flatMap((r) =>
    [r.full_name, r.name_latin ?? '', r.company ?? '', r.title ?? '', r.tags.join(' '), r.places ?? ''].join(' ').split(/\s+/),
  );
  const handles = rows.flatMap((r) => (r.handles ?? '').split(' ')).filter(Boolean);
  const one = <T>(list: T[]) => list[Math.floor(pick() * list.length)]!;
  const queries = new Set([
    'm',
    'ma',
    'mar',
    'a',
    'lov',
    'lovelace',
    'quantum',
    'jose',
    'JOSÉ',
    'zoe',
    'lukasz',
    'дми',
    'σοφ',
    'nguyen',
    'ørs',
    'ors',
    // Names in Cyrillic and Greek as typed in Latin letters (ADR 084).
    'dmitrii',
    'dmit',
    'ivanov',
    'iva',
    'dmitrii ivanov',
    'sofia',
    'sof',
    'papadopoulos',
    'sofia pap',
    'soren',
  ]);
  for (let i = 0; i < 40; i++) {
    const word = one(words.filter((w) => /\p{L}/u.test(w)));
    const cut = 1 + Math.floor(pick() * word.length);
    queries.add(word.slice(0, cut));
    queries.add(`${one(words)} ${one(words).slice(0, 2)}`);
    if (pick() < 0.3) queries.add(word.toUpperCase());
  }
  for (let i = 0; i < 5 && handles.length; i++) queries.add(`@${one(handles).slice(0, 4)}`);
  return [...queries].filter((q) => q.trim());
}

describe('the local index answers as the server does', () => {
  let me: Session;
  let index: LocalSearchIndex;
  const pick = seededRandom(49);

  beforeAll(async () => {
    me = await signUp();
    const network = seedNetwork(pick);
    for (let i = 0; i < network.length; i += 10) {
      await Promise.all(
        network.slice(i, i + 10).map(async ({ body, score, archived }) => {
          const contact = await createContact(me, body);
          await setContactColumns(me, contact.id, { relationship_score: score, ...(archived ? { priority: 'archived' } : {}) });
        }),
      );
    }
    // Places are words of the index once geocoded (a queue job): read the index after that.
    await untilEveryPlaceGeocoded(me);
    const { changes } = await readSearchIndexFeed(me);
    index = new LocalSearchIndex(changes.flatMap((c) => (c.row ? [c.row] : [])));
  }, 60_000);

  it('gives every query the server’s first page, in every sort', async () => {
    const queries = queriesOf([...index.rows()], pick);
    expect(queries.length).toBeGreaterThan(60);
    let compared = 0;
    for (const sort of CONTACT_SORTS) {
      for (const q of sort === '-score' ? queries : queries.slice(0, 15)) {
        const local = index.search(q, sort, 20);
        if (!local) continue;
        const server = await serverSearchPage(me, q, sort);
        expect({ q, sort, ids: local.rows.map((r) => r.id).slice(0, server.length) }).toEqual({ q, sort, ids: server });
        if (server.length < 20) expect({ q, sort, n: local.rows.length }).toEqual({ q, sort, n: server.length });
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(150);
  }, 120_000);

  it('does not find a word only the notes hold: the server’s page brings those', async () => {
    expect(index.search('yachting')).toEqual({ rows: [], total: 0 });
    const server = await serverSearchPage(me, 'yachting', '-score');
    expect(server.length).toBeGreaterThan(0);
  });
});

describe('the local name order is the server’s in every script', () => {
  // SQLite orders text by code point; JavaScript's `<` by UTF-16 unit, which puts a letter past
  // U+FFFF (a surrogate pair, "𠀋") before a letter from U+E000 ("ｍ"), where the server puts it after.
  it('ranks names with letters past U+FFFF and from U+E000 as the server does', async () => {
    const me = await signUp();
    for (const last of ['𠀋', 'ｍ', 'm', '가', '𝒜da', 'ﬀ']) await createContact(me, { first_name: 'Zed', last_name: last });
    const { changes } = await readSearchIndexFeed(me);
    const index = new LocalSearchIndex(changes.flatMap((c) => (c.row ? [c.row] : [])));
    const server = await serverSearchPage(me, 'zed', 'name');
    expect(server).toHaveLength(6);
    expect(index.search('zed', 'name', 20)!.rows.map((r) => r.id)).toEqual(server);
  });
});
