import type { groupsWithMember } from './common-groups-queries';

export interface CommonGroup {
  id: string;
  channel: string;
  title: string;
  member_count: number | null;
}

/** Messaging groups (stored by the Telegram sync) that the contact is a member of, from groupsWithMember's rows. */
export function commonGroupsOf(rows: Awaited<ReturnType<typeof groupsWithMember>>): CommonGroup[] {
  return rows.map((r) => ({ id: r.id, channel: r.channel, title: r.title, member_count: r.memberCount }));
}
