import { newId, nowIso } from '../../db/columns';
import { prepare } from '../../db/sql-batch';
import type { UserStore } from '../../db/stores';
import { auditStatement } from '../audit/audit-queries';
import type { ImportedDate } from '../imports/vcard-to-record';
import { recordDateSourcesStatement } from '../sources/date-source-queries';
import type { ValueSource } from '../sources/source-kinds';

// The writes of a phone's PUT beside the contact itself: its href and UID, the kept lines, and
// its dates as the card has them. Statements for one batch.

export function rememberResourceStatement(
  store: UserStore,
  contactId: string,
  href: string,
  uid: string,
  kind: 'contact' | 'organization' = 'contact',
): D1PreparedStatement {
  return store.d1
    .prepare(
      `INSERT INTO dav_resources (user_id, contact_id, href, uid, kind) VALUES (?1, ?2, ?3, ?4, ?5)
       ON CONFLICT (user_id, contact_id) DO UPDATE SET href = excluded.href, uid = excluded.uid`,
    )
    .bind(store.userId, contactId, href, uid, kind);
}

/** The contact's kept lines become these (the triggers log a change only when a row changes). */
export function replaceKeptLinesStatements(store: UserStore, contactId: string, lines: string[]): D1PreparedStatement[] {
  const rows = lines.map((line, position) => ({ id: newId(), position, line }));
  return [
    store.d1
      .prepare(
        `DELETE FROM dav_kept_properties WHERE contact_id = ?2 AND +user_id = ?1
           AND NOT EXISTS (SELECT 1 FROM json_each(?3) j WHERE json_extract(j.value, '$.line') = dav_kept_properties.line
             AND json_extract(j.value, '$.position') = dav_kept_properties.position)`,
      )
      .bind(store.userId, contactId, JSON.stringify(rows)),
    store.d1
      .prepare(
        `INSERT INTO dav_kept_properties (id, user_id, contact_id, position, line)
         SELECT json_extract(j.value, '$.id'), ?1, ?2, json_extract(j.value, '$.position'), json_extract(j.value, '$.line') FROM json_each(?3) j
          WHERE NOT EXISTS (SELECT 1 FROM dav_kept_properties k WHERE k.contact_id = ?2 AND k.user_id = ?1
            AND k.line = json_extract(j.value, '$.line') AND k.position = json_extract(j.value, '$.position'))`,
      )
      .bind(store.userId, contactId, JSON.stringify(rows)),
  ];
}

/** The contact's dates become the card's: those it no longer has go, new ones come, with the phone as their source (ADR 038). */
export function replaceDatesStatements(
  store: UserStore,
  contactId: string,
  dates: ImportedDate[],
  source: ValueSource,
): D1PreparedStatement[] {
  const rows = dates.map((d) => ({ id: newId(), ...d }));
  const sources = recordDateSourcesStatement(store.userId, rows, source);
  const same = `json_extract(j.value, '$.kind') = d.kind AND json_extract(j.value, '$.month') = d.month AND json_extract(j.value, '$.day') = d.day
      AND coalesce(json_extract(j.value, '$.year'), 0) = coalesce(d.year, 0) AND coalesce(json_extract(j.value, '$.label'), '') = coalesce(d.label, '')`;
  return [
    store.d1
      .prepare(
        `DELETE FROM contact_dates AS d WHERE d.contact_id = ?2 AND d.user_id = ?1 AND NOT EXISTS (SELECT 1 FROM json_each(?3) j WHERE ${same})`,
      )
      .bind(store.userId, contactId, JSON.stringify(rows)),
    store.d1
      .prepare(
        `INSERT INTO contact_dates (id, user_id, contact_id, kind, label, month, day, year, created_at)
         SELECT json_extract(j.value, '$.id'), ?1, ?2, json_extract(j.value, '$.kind'), json_extract(j.value, '$.label'),
           json_extract(j.value, '$.month'), json_extract(j.value, '$.day'), json_extract(j.value, '$.year'), ?4
         FROM json_each(?3) j WHERE NOT EXISTS (SELECT 1 FROM contact_dates d WHERE d.contact_id = ?2 AND d.user_id = ?1 AND ${same})`,
      )
      .bind(store.userId, contactId, JSON.stringify(rows), nowIso()),
    ...(sources ? [prepare(store.db, sources)] : []),
  ];
}

/** The audit record of a phone's write, as a statement of the same D1 batch as the write (its subject from the action's first word). */
export function davAuditStatement(store: UserStore, action: string, subjectId: string, data: unknown): D1PreparedStatement {
  const subject = action.startsWith('organization.') ? 'organization' : 'contact';
  const query = auditStatement(store.db, store.userId, action, subject, subjectId, data).toSQL();
  return store.d1.prepare(query.sql).bind(...query.params);
}
