import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ownedBy } from '../../db/owned-by';
import { contactFieldSources, contactIdentifiers, contacts, contactTags, type IdentifierKind } from '../../db/schema';

// The lookups that match incoming people to the user's contacts. Lists travel as one JSON
// parameter: `IN (SELECT value FROM json_each(?))` keeps each lookup on its primary key or index.

/** The contacts already imported from these row fingerprints. */
export function fingerprintOwnersStatement(d1: D1Database, userId: string, fingerprints: string[]): D1PreparedStatement {
  return d1
    .prepare(
      'SELECT fingerprint, contact_id FROM import_fingerprints WHERE user_id = ?1 AND fingerprint IN (SELECT value FROM json_each(?2))',
    )
    .bind(userId, JSON.stringify(fingerprints));
}

/**
 * Which of these contact ids are the user's. `+user_id`: the ids drive. Without it SQLite read
 * every one of the user's contacts through a covering index to test each against the list, in
 * every import chunk, even with no ids (7 ms at 50 000 contacts, node:sqlite).
 */
export function knownContactIdsStatement(d1: D1Database, userId: string, ids: string[]): D1PreparedStatement {
  return d1
    .prepare('SELECT id FROM contacts WHERE +user_id = ?1 AND id IN (SELECT value FROM json_each(?2))')
    .bind(userId, JSON.stringify(ids));
}

/** The user's organizations among these folded names. */
export function organizationsNamedStatement(d1: D1Database, userId: string, nameNorms: string[]): D1PreparedStatement {
  return d1
    .prepare('SELECT id, name_norm FROM organizations WHERE user_id = ?1 AND name_norm IN (SELECT value FROM json_each(?2))')
    .bind(userId, JSON.stringify(nameNorms));
}

/**
 * The contacts (with their names) holding identifiers of `kind` among `valueNormsJson` (a JSON
 * array), the oldest holder of a shared phone first (ADR 031).
 */
/** The names of the user's organizations among `ids` (a contact's company before an upsert). */
export function organizationNamesStatement(d1: D1Database, userId: string, ids: string[]): D1PreparedStatement {
  return d1
    .prepare('SELECT id, name FROM organizations WHERE user_id = ?1 AND id IN (SELECT value FROM json_each(?2))')
    .bind(userId, JSON.stringify(ids));
}

/** The contacts (with their names) holding identifiers of `kind` among `valueNormsJson` (a JSON array). */
export function identifierOwnersStatement(
  d1: D1Database,
  userId: string,
  kind: IdentifierKind,
  valueNormsJson: string,
): D1PreparedStatement {
  return d1
    .prepare(
      `SELECT i.kind, i.value_norm, i.contact_id, c.full_name FROM contact_identifiers i JOIN contacts c ON c.id = i.contact_id
          WHERE i.user_id = ?1 AND i.kind = ?2 AND i.value_norm IN (SELECT value FROM json_each(?3))
          ORDER BY i.value_norm, c.created_at, c.id`,
    )
    .bind(userId, kind, valueNormsJson);
}

// The matched contacts as they are, up to 90 at a time, each a query to batch.

export function matchedContactRows(db: Db, userId: string, ids: string[]) {
  return db
    .select()
    .from(contacts)
    .where(and(eq(contacts.userId, userId), inArray(contacts.id, ids)));
}

export function matchedIdentifierPositions(db: Db, userId: string, ids: string[]) {
  return db
    .select({
      contactId: contactIdentifiers.contactId,
      position: contactIdentifiers.position,
      kind: contactIdentifiers.kind,
      valueNorm: contactIdentifiers.valueNorm,
    })
    .from(contactIdentifiers)
    .where(and(ownedBy(contactIdentifiers.userId, userId), inArray(contactIdentifiers.contactId, ids)));
}

export function matchedTagNorms(db: Db, userId: string, ids: string[]) {
  return db
    .select({ contactId: contactTags.contactId, tagNorm: contactTags.tagNorm })
    .from(contactTags)
    .where(and(ownedBy(contactTags.userId, userId), inArray(contactTags.contactId, ids)));
}

/** Which values of these contacts a source kind wrote (ADR 032): a refreshing import replaces only those. */
export function matchedSourcesOfKind(db: Db, userId: string, ids: string[], kind: string) {
  return db
    .select({ contactId: contactFieldSources.contactId, field: contactFieldSources.field, valueKey: contactFieldSources.valueKey })
    .from(contactFieldSources)
    .where(
      and(ownedBy(contactFieldSources.userId, userId), inArray(contactFieldSources.contactId, ids), eq(contactFieldSources.source, kind)),
    );
}

/**
 * Removes identifiers a refresh replaced (ADR 060), and the sources of the emails and phones
 * among them (`key`: their value key). Run before the batch inserts the values that replace them.
 */
export function dropIdentifiersStatements(
  d1: D1Database,
  userId: string,
  dropped: { contactId: string; kind: string; valueNorm: string; key: string }[],
): D1PreparedStatement[] {
  const rows = JSON.stringify(dropped.map((d) => [d.kind, d.valueNorm, d.contactId, d.key]));
  return [
    d1
      .prepare(
        `DELETE FROM contact_identifiers WHERE user_id = ?1
          AND (kind, value_norm, contact_id) IN (SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(?2))`,
      )
      .bind(userId, rows),
    d1
      .prepare(
        `DELETE FROM contact_field_sources WHERE +user_id = ?1
          AND (contact_id, field, value_key) IN (SELECT value ->> 2, value ->> 0, value ->> 3 FROM json_each(?2))`,
      )
      .bind(userId, rows),
  ];
}
