import type { Deps } from '../deps';
import { contactsOwningIdentifiers } from '../contacts/contact-identifier-queries';

/** The user's contacts owning these (normalized) addresses: address -> contact id. */
export async function contactsByEmail(deps: Deps, userId: string, addresses: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const unique = [...new Set(addresses)];
  // 90 per statement: under D1's 100 bound parameters with user_id and kind.
  for (let i = 0; i < unique.length; i += 90) {
    const rows = await contactsOwningIdentifiers(deps.db, userId, 'email', unique.slice(i, i + 90));
    for (const r of rows) found.set(r.valueNorm, r.contactId);
  }
  return found;
}
