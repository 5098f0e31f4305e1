import type { ImportedOrganization } from './vcard-organizations';
import type { ImportedDate } from './vcard-to-record';

// What a vCard import writes beside its contacts: the cards' dates and its company cards as
// organizations. Each chunk's rows travel as one JSON parameter read by json_each.

export type ImportedDateRow = ImportedDate & { id: string; contact_id: string };
export type ImportedOrganizationRow = ImportedOrganization & { id: string; name_norm: string };

/**
 * Adds dates (each row with its id and contact_id) to their contacts: a contact keeps its one
 * birthday, and another date is added unless the same one is there already.
 */
export function insertImportedDatesStatement(d1: D1Database, userId: string, rows: ImportedDateRow[], now: string): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO contact_dates (id, user_id, contact_id, kind, label, month, day, year, created_at)
      SELECT json_extract(v.value, '$.id'), ?1, json_extract(v.value, '$.contact_id'), json_extract(v.value, '$.kind'), json_extract(v.value, '$.label'),
        json_extract(v.value, '$.month'), json_extract(v.value, '$.day'), json_extract(v.value, '$.year'), ?3
      FROM json_each(?2) AS v
      WHERE NOT EXISTS (SELECT 1 FROM contact_dates d WHERE d.user_id = ?1 AND d.contact_id = json_extract(v.value, '$.contact_id')
        AND d.kind = json_extract(v.value, '$.kind')
        AND (d.kind = 'birthday' OR (d.month = json_extract(v.value, '$.month') AND d.day = json_extract(v.value, '$.day') AND coalesce(d.label, '') = coalesce(json_extract(v.value, '$.label'), ''))))`,
    )
    .bind(userId, JSON.stringify(rows), now);
}

/**
 * Creates organizations (each row with its id and name_norm) when new; one of the same name
 * (any case) only gains the details it lacks, and is marked changed only then.
 */
export function upsertImportedOrganizationsStatement(
  d1: D1Database,
  userId: string,
  rows: ImportedOrganizationRow[],
  now: string,
): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO organizations (id, user_id, name, name_norm, website, location, phone, email, notes, logo_url, created_at, updated_at)
      SELECT json_extract(v.value, '$.id'), ?1, json_extract(v.value, '$.name'), json_extract(v.value, '$.name_norm'),
        json_extract(v.value, '$.website'), json_extract(v.value, '$.location'), json_extract(v.value, '$.phone'),
        json_extract(v.value, '$.email'), json_extract(v.value, '$.notes'), json_extract(v.value, '$.logo_url'), ?3, ?3
      FROM json_each(?2) AS v WHERE true
      ON CONFLICT (user_id, name_norm) DO UPDATE SET
        website = coalesce(organizations.website, excluded.website), location = coalesce(organizations.location, excluded.location),
        phone = coalesce(organizations.phone, excluded.phone), email = coalesce(organizations.email, excluded.email),
        notes = coalesce(organizations.notes, excluded.notes), logo_url = coalesce(organizations.logo_url, excluded.logo_url),
        updated_at = CASE WHEN organizations.website IS NULL AND excluded.website IS NOT NULL OR organizations.location IS NULL AND excluded.location IS NOT NULL
          OR organizations.phone IS NULL AND excluded.phone IS NOT NULL OR organizations.email IS NULL AND excluded.email IS NOT NULL
          OR organizations.notes IS NULL AND excluded.notes IS NOT NULL OR organizations.logo_url IS NULL AND excluded.logo_url IS NOT NULL
          THEN excluded.updated_at ELSE organizations.updated_at END`,
    )
    .bind(userId, JSON.stringify(rows), now);
}

export interface ImportedReminderRow {
  id: string;
  contact_id: string;
  on: string;
  note: string;
  /** The record it came from in the other app (migration 0070): a re-import updates the reminder instead of adding one. */
  key?: string;
  /** When the other app last changed it; null when it does not say. */
  changed_at?: string | null;
}

/**
 * Pending reminders from an import; one the contact already has on that day (any state) is not
 * added again. One with a key it already has (a re-import) takes the other app's note and day,
 * while still pending, when the other app changed it after it came in (ADR 057).
 */
export function insertImportedRemindersStatement(
  d1: D1Database,
  userId: string,
  rows: ImportedReminderRow[],
  now: string,
): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO reminders (id, user_id, contact_id, kind, note, remind_on, due_on, status, created_at, source_key)
      SELECT json_extract(v.value, '$.id'), ?1, json_extract(v.value, '$.contact_id'), 'reminder', json_extract(v.value, '$.note'),
        json_extract(v.value, '$.on'), json_extract(v.value, '$.on'), 'pending', ?3, json_extract(v.value, '$.key')
      FROM json_each(?2) AS v
      WHERE NOT EXISTS (SELECT 1 FROM reminders r WHERE r.contact_id = json_extract(v.value, '$.contact_id')
        AND r.user_id = ?1 AND r.remind_on = json_extract(v.value, '$.on') AND r.source_key IS NULL)
      ON CONFLICT (user_id, source_key) WHERE source_key IS NOT NULL DO UPDATE SET
        note = excluded.note, remind_on = excluded.remind_on, due_on = excluded.due_on
        WHERE reminders.status = 'pending' AND (reminders.note IS NOT excluded.note OR reminders.remind_on <> excluded.remind_on)
          AND coalesce((SELECT json_extract(v.value, '$.changed_at') FROM json_each(?2) AS v WHERE json_extract(v.value, '$.key') = excluded.source_key), '9') > reminders.created_at`,
    )
    .bind(userId, JSON.stringify(rows), now);
}
