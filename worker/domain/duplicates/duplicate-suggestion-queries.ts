import { duplicateSuggestions } from '../../db/schema';
import { jsonInsert } from '../contacts/json-row-queries';

export type SuggestedRow = typeof duplicateSuggestions.$inferSelect;

/** Records these pairs (each ordered, a known one left as it is) as possible duplicates. */
export function insertSuggestedPairsStatement(d1: D1Database, rows: SuggestedRow[]): D1PreparedStatement {
  return jsonInsert(d1, duplicateSuggestions, rows, 'ignore');
}

/** Each of `ownerIds` with every contact a suggested pair holds it with, and that contact's folded name. */
export async function keptApartPartners(
  d1: D1Database,
  userId: string,
  ownerIds: string[],
): Promise<{ owner: string; id: string; name_sort: string }[]> {
  const { results } = await d1
    .prepare(
      `SELECT o.value AS owner, c.id AS id, c.name_sort AS name_sort
      FROM json_each(?2) AS o
      JOIN duplicate_suggestions s ON s.user_id = ?1 AND (s.contact_a = o.value OR s.contact_b = o.value)
      JOIN contacts c ON c.user_id = ?1 AND c.id = CASE WHEN s.contact_a = o.value THEN s.contact_b ELSE s.contact_a END`,
    )
    .bind(userId, JSON.stringify(ownerIds))
    .all<{ owner: string; id: string; name_sort: string }>();
  return results;
}
