import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messagingGroupMembers, messagingGroups } from '../../db/schema';

// The user's Telegram groups (messaging_groups) and who of their contacts is in each.

/** Stores up to 12 groups; a stored one is written only when its title or count changed. */
export async function upsertTelegramGroups(db: Db, rows: (typeof messagingGroups.$inferInsert)[], now: string): Promise<void> {
  await db
    .insert(messagingGroups)
    .values(rows)
    .onConflictDoUpdate({
      target: [messagingGroups.userId, messagingGroups.channel, messagingGroups.externalId],
      set: { title: sql`excluded.title`, memberCount: sql`excluded.member_count`, updatedAt: now },
      setWhere: sql`(${messagingGroups.title}, ${messagingGroups.memberCount}) IS NOT (excluded.title, excluded.member_count)`,
    });
}

/** The ids of the user's Telegram groups of these Telegram chat ids. */
export async function telegramGroupIds(db: Db, userId: string, chatIds: string[]): Promise<{ id: string; externalId: string }[]> {
  return db
    .select({ id: messagingGroups.id, externalId: messagingGroups.externalId })
    .from(messagingGroups)
    .where(and(eq(messagingGroups.userId, userId), eq(messagingGroups.channel, 'telegram'), inArray(messagingGroups.externalId, chatIds)));
}

/** The contacts stored as members of the group. */
export async function groupMemberIds(db: Db, groupId: string): Promise<{ contactId: string }[]> {
  return db
    .select({ contactId: messagingGroupMembers.contactId })
    .from(messagingGroupMembers)
    .where(eq(messagingGroupMembers.groupId, groupId));
}

/** Adds these contacts (up to 30: 3 bound parameters each) to the group, for a batch. */
export const addGroupMembers = (db: Db, userId: string, groupId: string, contactIds: string[]) =>
  db
    .insert(messagingGroupMembers)
    .values(contactIds.map((contactId) => ({ userId, groupId, contactId })))
    .onConflictDoNothing();

/** Removes these contacts (up to 90) from the group, for a batch. */
export const removeGroupMembers = (db: Db, groupId: string, contactIds: string[]) =>
  db
    .delete(messagingGroupMembers)
    .where(and(eq(messagingGroupMembers.groupId, groupId), inArray(messagingGroupMembers.contactId, contactIds)));
