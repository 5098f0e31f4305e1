import type { ContactRow } from '../../db/schema';
import type { SuggestedPair } from '../duplicates/duplicate-suggestions';
import { namesClose, type PersonName } from '../duplicates/names-differ';
import type { Identifier } from './identifiers';

/**
 * The possible duplicates a record's phones make (ADR 031): each other contact holding one of
 * the phones it kept, when the two names are close. A family or an office sharing a line is no
 * duplicate. `name`: the record's name, for a contact it is still filling in.
 */
export function closeSharers(
  row: ContactRow,
  name: PersonName,
  sharing: { ident: Identifier; otherId: string }[],
  rowOf: (contactId: string) => ContactRow | undefined,
): SuggestedPair[] {
  const mine = { firstName: row.firstName ?? name.firstName, lastName: row.lastName ?? name.lastName };
  return sharing.flatMap(({ ident, otherId }) => {
    const other = rowOf(otherId);
    return other && namesClose(mine, other) ? [{ a: row.id, b: otherId, reason: `same phone (${ident.value})` }] : [];
  });
}
