import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizations, type OrganizationRow } from '../../db/schema';
import { visibleOnDb } from '../auth/contact-limit-queries';

// The user's organizations, one row each, named uniquely by name_norm.

/** Adds the organization unless the user has one of its name_norm already. */
export async function insertOrganizationIfNew(db: Db, row: typeof organizations.$inferInsert): Promise<void> {
  await db.insert(organizations).values(row).onConflictDoNothing();
}

/** The user's organization of this name_norm. */
export async function organizationNamed(db: Db, userId: string, nameNorm: string): Promise<{ id: string; name: string } | undefined> {
  return db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(and(eq(organizations.userId, userId), eq(organizations.nameNorm, nameNorm)))
    .get();
}

/**
 * For a token limited to some contacts (ADR 073, 074): the organization is one where at least one
 * contact it sees works. The others' fields and names would say who the hidden ones work for, so
 * they are read as a hidden contact is: not found. Undefined when the handle has no limit.
 */
function seenByLimitedToken(db: Db, userId: string): SQL | undefined {
  const visible = visibleOnDb(db, userId, sql`c.id`);
  return (
    visible && sql`EXISTS (SELECT 1 FROM contacts c WHERE c.company_id = ${organizations.id} AND c.user_id = ${userId} AND ${visible})`
  );
}

/** The user's organization `id`, if the handle's token sees it. */
export async function findOrganization(db: Db, userId: string, id: string): Promise<OrganizationRow | undefined> {
  return db
    .select()
    .from(organizations)
    .where(and(eq(organizations.userId, userId), eq(organizations.id, id), seenByLimitedToken(db, userId)))
    .get();
}

/** Which of these ids are organizations of the user that the handle's token sees. */
export async function organizationIdsAmong(db: Db, userId: string, ids: string[]): Promise<{ id: string }[]> {
  return db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.userId, userId), inArray(organizations.id, ids), seenByLimitedToken(db, userId)));
}

/**
 * A page of the organizations whose name has a word starting with `norm` (all of them when it
 * is empty), names starting with it first, and how many there are. instr/substr rather than
 * LIKE: D1 refuses LIKE patterns over 50 bytes ("pattern too complex"), and the query may be
 * 200 characters. A token limited to some contacts lists only the organizations it sees.
 */
export async function organizationsMatching(
  db: Db,
  userId: string,
  norm: string,
  limit: number,
  offset: number,
): Promise<{ rows: OrganizationRow[]; total: number }> {
  const where = and(
    eq(organizations.userId, userId),
    norm ? sql`instr(' ' || ${organizations.nameNorm}, ${' ' + norm}) > 0` : undefined,
    seenByLimitedToken(db, userId),
  );
  const order = [asc(organizations.nameNorm), asc(organizations.id)];
  if (norm) order.unshift(sql`CASE WHEN substr(${organizations.nameNorm}, 1, length(${norm})) = ${norm} THEN 0 ELSE 1 END`);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(organizations)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)` })
      .from(organizations)
      .where(where)
      .get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Writes these fields of the user's organization, for a batch. */
export const organizationFieldsStatement = (db: Db, userId: string, id: string, set: Partial<OrganizationRow>) =>
  db
    .update(organizations)
    .set(set)
    .where(and(eq(organizations.userId, userId), eq(organizations.id, id)));

/**
 * The organization's people, as changed, into the change log (ADR 021), for the batch that
 * changes its website: the website's host is one of their search words (contacts_fts `company`,
 * migrations/0023), but the log's own trigger follows a rename only (migrations/0035), so the
 * browser's index (ADR 040) never heard of the new host and found them by the old one.
 */
export const peopleChangedStatement = (userId: string, organizationId: string) =>
  sql`INSERT OR REPLACE INTO contact_changes (user_id, contact_id, change, changed_at)
    SELECT user_id, id, 'upserted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM contacts
    WHERE company_id = ${organizationId} AND user_id = ${userId}`;

/** The survivor of a merge gains the fields it lacks from the other organization, for the merge's batch. */
export const fillOrganizationGaps = (db: Db, userId: string, survivor: OrganizationRow, other: OrganizationRow, now: string) =>
  db
    .update(organizations)
    .set({
      website: survivor.website ?? other.website,
      industry: survivor.industry ?? other.industry,
      location: survivor.location ?? other.location,
      logoUrl: survivor.logoUrl ?? other.logoUrl,
      phone: survivor.phone ?? other.phone,
      email: survivor.email ?? other.email,
      notes: survivor.notes ?? other.notes,
      updatedAt: now,
    })
    .where(and(eq(organizations.userId, userId), eq(organizations.id, survivor.id)));

/** Deletes the user's organization, for a batch. */
export const deleteOrganizationStatement = (db: Db, userId: string, id: string) =>
  db.delete(organizations).where(and(eq(organizations.userId, userId), eq(organizations.id, id)));
