import { and, count, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contacts, people, relationships, type PersonRow, type RelationshipRow } from '../../db/schema';
import { visibleOnDb } from '../auth/contact-limit-queries';

// The reads and writes of relationships and people. Each query names the user first, so it
// runs on an index that leads with user_id (migrations/0040).

/** A row of a contact's list: the link as its contact sees it, with the other's name. */
export type ListedRelationshipRow = Awaited<ReturnType<typeof relationshipsPage>>[number];

const listed = (db: Db) =>
  db
    .select({
      id: relationships.id,
      contactId: relationships.contactId,
      otherId: relationships.otherId,
      otherType: relationships.otherType,
      kind: relationships.kind,
      label: relationships.label,
      note: relationships.note,
      since: relationships.since,
      createdAt: relationships.createdAt,
      updatedAt: relationships.updatedAt,
      otherName: sql<string | null>`coalesce(${contacts.fullName}, ${people.name})`,
      // Aliased: D1 answers rows as objects, and people.note would overwrite relationships.note.
      personNote: sql<string | null>`${people.note}`.as('person_note'),
    })
    .from(relationships)
    .leftJoin(
      contacts,
      and(eq(relationships.otherType, 'contact'), eq(contacts.id, relationships.otherId), eq(contacts.userId, relationships.userId)),
    )
    .leftJoin(
      people,
      and(eq(relationships.otherType, 'person'), eq(people.id, relationships.otherId), eq(people.userId, relationships.userId)),
    );

/** For a limited handle: a link to a contact it may not see is not listed (a person, never a contact, always is). */
const otherVisible = (db: Db, userId: string): SQL | undefined => {
  const visible = visibleOnDb(db, userId, relationships.otherId);
  return visible ? or(ne(relationships.otherType, 'contact'), visible) : undefined;
};

/** One page of the contact's links, by the other's name (a builder: the contact page reads it in its batch). */
export const relationshipsPage = (db: Db, userId: string, contactId: string, limit: number, offset = 0) =>
  listed(db)
    .where(and(eq(relationships.userId, userId), eq(relationships.contactId, contactId), otherVisible(db, userId)))
    .orderBy(sql`coalesce(${contacts.nameSort}, lower(${people.name}))`, relationships.id)
    .limit(limit)
    .offset(offset);

export const relationshipCount = (db: Db, userId: string, contactId: string) =>
  db
    .select({ total: count() })
    .from(relationships)
    .where(and(eq(relationships.userId, userId), eq(relationships.contactId, contactId), otherVisible(db, userId)));

/**
 * For a limited handle: a link it may read or change by its id is between contacts it sees (ADR
 * 074): the contact's side, and the other's when it is a contact. Changing one changes both sides.
 */
const bothSidesVisible = (db: Db, userId: string): SQL | undefined =>
  and(visibleOnDb(db, userId, relationships.contactId), otherVisible(db, userId));

/** The one link `id` as the contact sees it. */
export const listedRelationship = (db: Db, userId: string, contactId: string, id: string) =>
  listed(db).where(
    and(eq(relationships.userId, userId), eq(relationships.id, id), eq(relationships.contactId, contactId), bothSidesVisible(db, userId)),
  );

/** The row of link `id` on the contact's side. */
export const relationshipSide = (db: Db, userId: string, contactId: string, id: string) =>
  db
    .select()
    .from(relationships)
    .where(
      and(eq(relationships.userId, userId), eq(relationships.id, id), eq(relationships.contactId, contactId), bothSidesVisible(db, userId)),
    )
    .get();

/** The user's contact `id`, if the handle may see it: a limited token links only contacts it sees (ADR 035). */
export const ownContact = (db: Db, userId: string, id: string) =>
  db
    .select({ id: contacts.id, fullName: contacts.fullName })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.id, id), visibleOnDb(db, userId, contacts.id)))
    .get();

/**
 * The user's person `id`. A limited handle sees a person through the contacts it is linked to
 * (ADR 074): one linked only to contacts it may not see (a private contact's child) is not found.
 */
export const ownPerson = (db: Db, userId: string, id: string): Promise<PersonRow | undefined> => {
  const visible = visibleOnDb(db, userId, sql`k.contact_id`);
  return db
    .select()
    .from(people)
    .where(
      and(
        eq(people.userId, userId),
        eq(people.id, id),
        visible &&
          sql`EXISTS (SELECT 1 FROM relationships k WHERE k.user_id = ${userId} AND k.other_type = 'person' AND k.other_id = ${people.id} AND ${visible})`,
      ),
    )
    .get();
};

export const insertPerson = (db: Db, row: PersonRow) => db.insert(people).values(row);

export const insertRelationshipRows = (db: Db, rows: RelationshipRow[]) => db.insert(relationships).values(rows);

/** Changes both sides of link `id`: the shared fields, and each side's kind and label. */
export const updateRelationshipSide = (
  db: Db,
  userId: string,
  id: string,
  contactId: string,
  set: Partial<Pick<RelationshipRow, 'kind' | 'label' | 'note' | 'since' | 'updatedAt'>>,
) =>
  db
    .update(relationships)
    .set(set)
    .where(and(eq(relationships.userId, userId), eq(relationships.id, id), eq(relationships.contactId, contactId)));

/** Deletes both sides of link `id`, and the person it linked to when no other link does. */
export function deleteRelationshipStatements(userId: string, id: string): SQL[] {
  return [
    sql`DELETE FROM people WHERE user_id = ${userId}
          AND id IN (SELECT other_id FROM relationships WHERE user_id = ${userId} AND id = ${id} AND other_type = 'person')
          AND NOT EXISTS (SELECT 1 FROM relationships k WHERE k.user_id = ${userId} AND k.other_id = people.id AND k.id <> ${id})`,
    sql`DELETE FROM relationships WHERE user_id = ${userId} AND id = ${id}`,
  ];
}
