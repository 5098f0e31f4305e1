import { nowIso } from '../../db/columns';
import { insertSuggestedPairsStatement, keptApartPartners, type SuggestedRow } from './duplicate-suggestion-queries';

export interface SuggestedPair {
  a: string;
  b: string;
  reason: string;
}

/** Records pairs an import kept apart as possible duplicates (ADR 013); a known pair is left as it is. */
export function suggestDuplicatesStatement(d1: D1Database, userId: string, pairs: SuggestedPair[]): D1PreparedStatement | null {
  const seen = new Set<string>();
  const createdAt = nowIso();
  const rows = pairs.flatMap(({ a, b, reason }) => {
    if (a === b) return [];
    const [contactA, contactB] = [a, b].sort() as [string, string];
    if (seen.has(`${contactA}:${contactB}`)) return [];
    seen.add(`${contactA}:${contactB}`);
    return [{ userId, contactA, contactB, reason, createdAt }];
  });
  return rows.length ? insertSuggestedPairsStatement(d1, rows) : null;
}

/** The other contact of each of those pairs, with why. */
export function suggestedPartners(
  rows: Pick<SuggestedRow, 'contactA' | 'contactB' | 'reason'>[],
  contactId: string,
): { contactId: string; reason: string }[] {
  return rows.map((r) => ({ contactId: r.contactA === contactId ? r.contactB : r.contactA, reason: r.reason }));
}

/**
 * For each of `ownerIds`, the contacts an earlier import kept apart from it, with their
 * folded names: a re-import of a person who shares a phone with an owner finds them again.
 */
export async function keptApartFrom(
  d1: D1Database,
  userId: string,
  ownerIds: string[],
): Promise<Map<string, { id: string; nameSort: string }[]>> {
  const partners = new Map<string, { id: string; nameSort: string }[]>();
  if (ownerIds.length === 0) return partners;
  for (const r of await keptApartPartners(d1, userId, ownerIds))
    partners.set(r.owner, [...(partners.get(r.owner) ?? []), { id: r.id, nameSort: r.name_sort }]);
  return partners;
}
