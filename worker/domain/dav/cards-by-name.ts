import type { Deps } from '../deps';
import { amongSql, cardReadStatements, contactRecordStatements } from './dav-card-queries';
import { davCardsOfRows, type CardOptions, type DavCard } from './dav-cards';
import { organizationCardRowsOf, organizationCardStatements } from './organization-card-queries';
import { organizationCardsFromRows } from './organization-cards';

// The cards a client names (a multiget's hrefs, a GET, a PROPFIND of one card) in ONE D1 round
// trip, whatever their number (ADR 059): every statement resolves the names itself (a phone's
// chosen name, else `<id>.vcf`), so the batch holds the contacts' rows, identifiers, tags and
// companies, the card sides (names, kept lines, dates, links) and the company cards at once.
// Twelve statements for 1 card or 1 000, never one per card.

/** The cards with these names (those not found are left out): contacts first, then company cards. */
export async function davCardsOfNames(deps: Deps, names: string[], options: CardOptions): Promise<DavCard[]> {
  if (names.length === 0) return [];
  const store = deps.store;
  const people = [...contactRecordStatements(store, names, 'names'), ...cardReadStatements(store, names, 'names')];
  const companies = organizationCardStatements(store, names, amongSql('names', 'organization'));
  const results = await store.d1.batch([...people, ...companies]);
  const organizations = organizationCardRowsOf(results.slice(people.length));
  const cards = await Promise.all([
    davCardsOfRows(deps, results.slice(0, people.length), options),
    organizationCardsFromRows(
      organizations,
      organizations.organizations.map((o) => o.id),
      options,
    ),
  ]);
  return cards.flat();
}
