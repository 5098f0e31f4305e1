import type { ImportedDate } from '../imports/vcard-to-record';
import { dateKey } from '../sources/field-values';
import { birthdaysAndSources, dropBirthdaysStatements } from './monica-birthday-queries';

/**
 * A re-import's birthdays (ADR 060): a contact's birthday whose source is still Monica (the
 * latest source of its day) and that Monica now gives as another day is removed, so the page's
 * date insert writes Monica's day in its place. A birthday typed in Kith or brought by another
 * import stays (the contact keeps its one birthday), and one Monica no longer has stays too.
 * One read for the page's contacts; the statements go in the page's batch before its dates.
 */
export async function replacedBirthdayStatements(
  d1: D1Database,
  userId: string,
  incoming: { contactId: string; birthday: ImportedDate }[],
): Promise<D1PreparedStatement[]> {
  if (!incoming.length) return [];
  const { birthdays, sources } = await birthdaysAndSources(
    d1,
    userId,
    incoming.map((i) => i.contactId),
  );
  const latest = new Map<string, string>();
  for (const s of sources) latest.set(`${s.contact_id}:${s.value_key}`, s.source);
  const dropped = incoming.flatMap(({ contactId, birthday }) => {
    const held = birthdays.find((b) => b.contact_id === contactId);
    if (!held) return [];
    const key = dateKey(held);
    if (latest.get(`${contactId}:${key}`) !== 'monica' || dateKey(birthday) === key) return [];
    return [{ id: held.id, contactId, key }];
  });
  return dropped.length ? dropBirthdaysStatements(d1, userId, dropped) : [];
}
