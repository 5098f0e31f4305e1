import type { BatchItem } from 'drizzle-orm/batch';
import { newId, nowIso } from '../../db/columns';
import type { TelegramGateway } from '../../providers/telegram/gateway-client';
import type { Deps } from '../deps';
import { addGroupMembers, groupMemberIds, removeGroupMembers, telegramGroupIds, upsertTelegramGroups } from './telegram-group-queries';
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
 * A run writes only the difference from the last one (D1 bills every row written, and most
 * groups are the same every quarter hour): changed titles and counts, members who joined or left.
 */
export async function syncTelegramGroups(
  deps: Deps,
  userId: string,
  gateway: TelegramGateway,
  credentials: TelegramCredentials,
): Promise<string[]> {
  const { db } = deps;
  const { tag_second_tier: tagSecondTier } = await getTelegramSettings(deps, userId);
  const chats = (await gateway.chats(credentials.session, GROUPS_PER_RUN)).slice(0, GROUPS_PER_RUN);
  if (chats.length === 0) return [];
  const now = nowIso();
  for (let i = 0; i < chats.length; i += 12) {
    const rows = chats.slice(i, i + 12).map((c) => ({
      id: newId(),
      userId,
      channel: 'telegram',
      externalId: c.id,
      title: c.title.slice(0, 200),
      memberCount: c.participants_count,
      createdAt: now,
      updatedAt: now,
    }));
    await upsertTelegramGroups(db, rows, now);
  }
  const stored = await telegramGroupIds(
    db,
    userId,
    chats.map((c) => c.id),
  );
  const groupIdOf = new Map(stored.map((g) => [g.externalId, g.id]));

  const touched = new Set<string>();
  for (const chat of chats) {
    const participants = (await gateway.participants(credentials.session, chat.id, PARTICIPANTS_PER_GROUP)).filter(
      (p) => !p.bot && p.id !== credentials.self_id,
    );
    const contactOf = await resolvePeers(deps, userId, participants, { create: tagSecondTier, tags: [SECOND_TIER_TAG_NAME] });
    const groupId = groupIdOf.get(chat.id)!;
    const joined = await updateMembers(deps, userId, groupId, new Set(contactOf.values()));
    for (const m of joined) touched.add(m);
  }
  return [...touched];
}

/** Makes the group's stored members `members`: inserts who joined, deletes who left; answers who joined. */
async function updateMembers(deps: Deps, userId: string, groupId: string, members: Set<string>): Promise<string[]> {
  const { db } = deps;
  const stored = await groupMemberIds(db, groupId);
  const before = new Set(stored.map((r) => r.contactId));
  const joined = [...members].filter((id) => !before.has(id));
  const left = [...before].filter((id) => !members.has(id));
  const statements: BatchItem<'sqlite'>[] = [];
  // Under D1's 100 bound parameters: 3 per inserted row, 1 per deleted id.
  for (let i = 0; i < joined.length; i += 30) {
    statements.push(addGroupMembers(db, userId, groupId, joined.slice(i, i + 30)));
  }
  for (let i = 0; i < left.length; i += 90) {
    statements.push(removeGroupMembers(db, groupId, left.slice(i, i + 90)));
  }
  if (statements.length) await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return joined;
}
