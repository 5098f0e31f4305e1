import { and, eq, inArray, sql } from 'drizzle-orm';
import { newId, nowIso } from '../../db/columns';
import { messagingGroupMembers, messagingGroups } from '../../db/schema-detail';
import type { TelegramGateway } from '../../providers/telegram/gateway-client';
import type { Deps } from '../deps';
import { resolvePeers } from './telegram-peers';
import { getTelegramSettings } from './telegram-settings';
import type { TelegramCredentials } from './telegram-session';

const GROUPS_PER_RUN = 20;
/** The tag as Kith writes it on the contacts it creates (tags compare case-insensitively). */
const SECOND_TIER_TAG_NAME = '2nd tier';
const PARTICIPANTS_PER_GROUP = 200;

/**
 * The user's Telegram groups and who of their contacts is in each (the "Common groups" card).
 * With the "2nd tier" setting on, participants Kith does not know become contacts tagged
 * "2nd tier"; otherwise only known contacts are linked. Returns the contacts it created or linked.
 */
export async function syncTelegramGroups(deps: Deps, userId: string, gateway: TelegramGateway, credentials: TelegramCredentials): Promise<string[]> {
  const { db } = deps;
  const { tag_second_tier: tagSecondTier } = await getTelegramSettings(deps, userId);
  const chats = (await gateway.chats(credentials.session, GROUPS_PER_RUN)).slice(0, GROUPS_PER_RUN);
  if (chats.length === 0) return [];
  const now = nowIso();
  for (let i = 0; i < chats.length; i += 12) {
    const rows = chats.slice(i, i + 12).map((c) => ({ id: newId(), userId, channel: 'telegram', externalId: c.id, title: c.title.slice(0, 200), memberCount: c.participants_count, createdAt: now, updatedAt: now }));
    await db
      .insert(messagingGroups)
      .values(rows)
      .onConflictDoUpdate({
        target: [messagingGroups.userId, messagingGroups.channel, messagingGroups.externalId],
        set: { title: sql`excluded.title`, memberCount: sql`excluded.member_count`, updatedAt: now },
      });
  }
  const stored = await db
    .select({ id: messagingGroups.id, externalId: messagingGroups.externalId })
    .from(messagingGroups)
    .where(and(eq(messagingGroups.userId, userId), eq(messagingGroups.channel, 'telegram'), inArray(messagingGroups.externalId, chats.map((c) => c.id))));
  const groupIdOf = new Map(stored.map((g) => [g.externalId, g.id]));

  const touched = new Set<string>();
  for (const chat of chats) {
    const participants = (await gateway.participants(credentials.session, chat.id, PARTICIPANTS_PER_GROUP)).filter((p) => !p.bot && p.id !== credentials.self_id);
    const contactOf = await resolvePeers(deps, userId, participants, { create: tagSecondTier, tags: [SECOND_TIER_TAG_NAME] });
    const groupId = groupIdOf.get(chat.id)!;
    const members = [...new Set(contactOf.values())];
    const statements = [db.delete(messagingGroupMembers).where(and(eq(messagingGroupMembers.userId, userId), eq(messagingGroupMembers.groupId, groupId)))];
    for (let i = 0; i < members.length; i += 30) {
      statements.push(db.insert(messagingGroupMembers).values(members.slice(i, i + 30).map((contactId) => ({ userId, groupId, contactId }))).onConflictDoNothing() as never);
    }
    await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
    for (const m of members) touched.add(m);
  }
  return [...touched];
}
