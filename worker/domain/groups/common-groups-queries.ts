import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messagingGroupMembers, messagingGroups } from '../../db/schema';

/** The first 100 messaging groups the contact is a member of, by title. */
export function groupsWithMember(db: Db, userId: string, contactId: string) {
  return db
    .select({
      id: messagingGroups.id,
      channel: messagingGroups.channel,
      title: messagingGroups.title,
      memberCount: messagingGroups.memberCount,
    })
    .from(messagingGroupMembers)
    .innerJoin(messagingGroups, eq(messagingGroups.id, messagingGroupMembers.groupId))
    .where(and(eq(messagingGroupMembers.userId, userId), eq(messagingGroupMembers.contactId, contactId)))
    .orderBy(asc(messagingGroups.title), asc(messagingGroups.id))
    .limit(100);
}
