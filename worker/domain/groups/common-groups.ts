import type { Db } from '../../db/client';
import { groupsWithMember } from './common-groups-queries';

export interface CommonGroup {
  id: string;
  channel: string;
  title: string;
  member_count: number | null;
}

/** Messaging groups (stored by the Telegram sync) that the contact is a member of. */
export async function listCommonGroups(db: Db, userId: string, contactId: string): Promise<CommonGroup[]> {
  const rows = await groupsWithMember(db, userId, contactId);
  return rows.map((r) => ({ id: r.id, channel: r.channel, title: r.title, member_count: r.memberCount }));
}
