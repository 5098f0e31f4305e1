import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messagingGroupMembers, messagingGroups } from '../../db/schema-detail';

export interface CommonGroup {
  id: string;
  channel: string;
  title: string;
  member_count: number | null;
}

/** Messaging groups (stored by the Telegram sync) that the contact is a member of. */
export async function listCommonGroups(db: Db, userId: string, contactId: string): Promise<CommonGroup[]> {
  const rows = await db
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
  return rows.map((r) => ({ id: r.id, channel: r.channel, title: r.title, member_count: r.memberCount }));
}
