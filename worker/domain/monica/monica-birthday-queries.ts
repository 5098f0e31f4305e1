// The birthdays a Monica re-import may replace (ADR 060): the contacts' birthdays as they stand
// and the sources of their dates, read in one round trip; and the statements that remove a
// birthday Monica gave and has changed since, so the page's date insert writes Monica's new one.
// Lists travel as one JSON parameter.

export interface HeldBirthday {
  id: string;
  contact_id: string;
  month: number;
  day: number;
  year: number | null;
}

export interface DateSourceRow {
  contact_id: string;
  value_key: string;
  source: string;
}

export async function birthdaysAndSources(
  d1: D1Database,
  userId: string,
  contactIds: string[],
): Promise<{ birthdays: HeldBirthday[]; sources: DateSourceRow[] }> {
  const ids = JSON.stringify(contactIds);
  const [birthdays, sources] = await d1.batch([
    d1
      .prepare(
        `SELECT id, contact_id, month, day, year FROM contact_dates
          WHERE contact_id IN (SELECT value FROM json_each(?2)) AND +user_id = ?1 AND kind = 'birthday'`,
      )
      .bind(userId, ids),
    d1
      .prepare(
        `SELECT contact_id, value_key, source FROM contact_field_sources
          WHERE contact_id IN (SELECT value FROM json_each(?2)) AND field = 'date' AND +user_id = ?1
          ORDER BY recorded_at, id`,
      )
      .bind(userId, ids),
  ]);
  return { birthdays: (birthdays?.results ?? []) as HeldBirthday[], sources: (sources?.results ?? []) as DateSourceRow[] };
}

/** Deletes the birthdays `dropped` names (by id) and their Monica source rows. */
export function dropBirthdaysStatements(
  d1: D1Database,
  userId: string,
  dropped: { id: string; contactId: string; key: string }[],
): D1PreparedStatement[] {
  const rows = JSON.stringify(dropped.map((d) => [d.id, d.contactId, d.key]));
  return [
    d1.prepare(`DELETE FROM contact_dates WHERE user_id = ?1 AND id IN (SELECT value ->> 0 FROM json_each(?2))`).bind(userId, rows),
    d1
      .prepare(
        `DELETE FROM contact_field_sources WHERE +user_id = ?1 AND field = 'date' AND source = 'monica'
          AND (contact_id, value_key) IN (SELECT value ->> 1, value ->> 2 FROM json_each(?2))`,
      )
      .bind(userId, rows),
  ];
}
