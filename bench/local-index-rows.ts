// The local index's rows for the benches (bench/local-index.ts in Node, keystroke-local.mjs in Chromium).
import { COMPANIES, FIRST_NAMES, LAST_NAMES, TAGS, TITLES, CITIES } from '../scripts/seed-data.mjs';
import { prng } from '../scripts/prng.mjs';
import { nameKeys } from '../worker/domain/contacts/latin-name';
import type { SearchRow } from '../worker/domain/search/local/search-row';

/** `contacts` rows of the local index, the same on every run: the bench's names, companies, tags and cities. */
export function benchRows(contacts: number): SearchRow[] {
  const random = prng(49);
  const one = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  return Array.from({ length: contacts }, (_, i) => {
    const name = `${one(FIRST_NAMES)} ${one(LAST_NAMES)}`;
    const { nameSort, nameLatin } = nameKeys(name);
    const handle = `${nameSort.replace(/[^a-z0-9]+/g, '_')}${i}`;
    const company = random() < 0.7 ? String(one(COMPANIES)) : null;
    return {
      id: i.toString(36).padStart(8, '0'),
      full_name: name,
      name_sort: nameSort,
      name_latin: nameLatin,
      company,
      company_name: company,
      company_id: company ? `org${company}` : null,
      title: random() < 0.6 ? String(one(TITLES)) : null,
      handles: random() < 0.4 ? handle : null,
      emails: random() < 0.8 ? [`${handle}@example.com`] : [],
      places: random() < 0.5 ? String(one(CITIES)) : null,
      tags: TAGS.filter(() => random() < 0.05).map(String),
      priority: one(['high', 'medium', 'medium', 'low', 'archived'] as const),
      relationship_score: Math.round(random() * 100) / 10,
      next_due: random() < 0.5 ? `2026-12-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}` : null,
      created_at: new Date(1_700_000_000_000 + i * 60_000).toISOString(),
      last_interaction_at: null,
      connected_on: null,
    };
  });
}
