import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nowIso } from '../../db/columns';
import { duplicateSuggestions } from '../../db/schema-detail';
import { jsonInsert } from '../contacts/json-rows';

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
  return rows.length ? jsonInsert(d1, duplicateSuggestions, rows, 'ignore') : null;
}

export type SuggestedRow = typeof duplicateSuggestions.$inferSelect;

/** The pairs holding this contact that an import kept apart, as a query to batch. */
export function suggestedDuplicatesQuery(db: Db, userId: string, contactId: string) {
  return db
    .select()
    .from(duplicateSuggestions)
    .where(
      and(
        eq(duplicateSuggestions.userId, userId),
        or(eq(duplicateSuggestions.contactA, contactId), eq(duplicateSuggestions.contactB, contactId)),
      ),
    );
}

/** The other contact of each of those pairs, with why. */
export function suggestedPartners(rows: SuggestedRow[], contactId: string): { contactId: string; reason: string }[] {
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
  const { results } = await d1
    .prepare(
      `SELECT o.value AS owner, c.id AS id, c.name_sort AS name_sort
      FROM json_each(?2) AS o
      JOIN duplicate_suggestions s ON s.user_id = ?1 AND (s.contact_a = o.value OR s.contact_b = o.value)
      JOIN contacts c ON c.user_id = ?1 AND c.id = CASE WHEN s.contact_a = o.value THEN s.contact_b ELSE s.contact_a END`,
    )
    .bind(userId, JSON.stringify(ownerIds))
    .all<{ owner: string; id: string; name_sort: string }>();
  for (const r of results) partners.set(r.owner, [...(partners.get(r.owner) ?? []), { id: r.id, nameSort: r.name_sort }]);
  return partners;
}
