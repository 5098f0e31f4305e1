import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contacts } from '../../db/schema';
import { visibleOnDb } from '../auth/contact-limit-queries';

// The contacts who work at an organization (contacts.company_id).

export interface OrganizationMember {
  id: string;
  full_name: string;
  title: string | null;
  avatar_url: string | null;
  relationship_score: number;
  priority: string;
}

/** A page of the organization's contacts, highest relationship score first, and how many there are. */
export async function organizationMembersPage(
  db: Db,
  userId: string,
  organizationId: string,
  limit: number,
  offset: number,
): Promise<{ items: OrganizationMember[]; total: number }> {
  // `+user_id`: without it SQLite walks all the user's contacts in score order to avoid
  // sorting the organization's few (65 ms at 50 000 contacts instead of 0.1 ms).
  const where = and(sql`+${contacts.userId} = ${userId}`, eq(contacts.companyId, organizationId), visibleOnDb(db, userId, contacts.id));
  const [rows, total] = await db.batch([
    db
      .select({
        id: contacts.id,
        full_name: contacts.fullName,
        title: contacts.title,
        avatar_url: contacts.avatarUrl,
        relationship_score: contacts.relationshipScore,
        priority: contacts.priority,
      })
      .from(contacts)
      .where(where)
      .orderBy(desc(contacts.relationshipScore), asc(contacts.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)` })
      .from(contacts)
      .where(where),
  ]);
  return { items: rows as OrganizationMember[], total: total[0]?.n ?? 0 };
}

/** How many contacts each of these organizations has, in one grouped query (up to 90 ids: D1 binds 100). */
export async function memberCounts(db: Db, userId: string, organizationIds: string[]): Promise<{ id: string | null; n: number }[]> {
  return db
    .select({ id: contacts.companyId, n: sql<number>`count(*)` })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), inArray(contacts.companyId, organizationIds), visibleOnDb(db, userId, contacts.id)))
    .groupBy(contacts.companyId);
}

/** Moves the contacts of organization `fromId` to `toId`, for a merge's batch. */
export const moveMembers = (db: Db, userId: string, fromId: string, toId: string, now: string) =>
  db
    .update(contacts)
    .set({ companyId: toId, updatedAt: now })
    .where(and(eq(contacts.userId, userId), eq(contacts.companyId, fromId)));
