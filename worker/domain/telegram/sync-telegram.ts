import type { BatchItem } from 'drizzle-orm/batch';
import { nowIso } from '../../db/columns';
import type { TelegramDialog, TelegramGateway } from '../../providers/telegram/gateway-client';
import { channelConnection, recordChannelSync } from '../channels/connections';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { contactsArrived } from '../imports/contacts-arrived';
import { recordInteractions, type NewInteraction } from '../timeline/record-interactions';
import { syncTelegramGroups } from './sync-telegram-groups';
import { markTelegramMessagesRead, setContactTelegramBio } from './telegram-contact-queries';
import { peerStates, setPeerBio, setPeerLastMessage } from './telegram-peer-queries';
import { markMessagedDirectly, resolvePeers } from './telegram-peers';
import { withTelegram, type TelegramCredentials } from './telegram-session';

/** One run reads at most this many chats' new messages (each is one gateway call). */
const CHATS_PER_RUN = 30;
const MESSAGES_PER_CHAT = 100;

export interface TelegramSyncOutcome {
  logged: number;
  contact_ids: string[];
  /** More chats had new messages than one run reads: run again. */
  more: boolean;
}

/** Telegram's own (peer, message) pair: the idempotency key of a synced message. */
export const telegramExternalId = (peerId: string, messageId: number) => `${peerId}:${messageId}`;

/** Outgoing messages the peer has read (id ≤ read_outbox_max_id) show a double check. */
const receiptOf = (dialog: TelegramDialog, messageId: number) => (messageId <= dialog.read_outbox_max_id ? 'read' : 'delivered');

/**
 * One run of the Telegram sync (all one-to-one chats, or only `onlyContactId`'s): new direct
 * messages onto timelines once each, with delivered/read receipts on the outgoing ones (and
 * earlier ones turning read), bios (a change logs a bio_change event), and, for the full
 * run, shared groups and their participants. Then the common rules: through
 * recordInteractions new messages dismiss older pending follow-ups and recompute scores in
 * batch, and the deterministic auto-merge runs over the contacts touched.
 */
export async function syncTelegram(deps: Deps, userId: string, onlyContactId?: string): Promise<TelegramSyncOutcome> {
  const connection = await channelConnection(deps, userId, 'telegram');
  if (connection?.status !== 'connected') return { logged: 0, contact_ids: [], more: false };
  return withTelegram(deps, userId, async (gateway, credentials) => {
    const dialogs = (await gateway.dialogs(credentials.session, 100)).filter((d) => !d.peer.bot && d.peer.id !== credentials.self_id);
    const contactOf = await resolvePeers(
      deps,
      userId,
      dialogs.map((d) => d.peer),
      { create: !onlyContactId },
    );
    const mine = dialogs.filter((d) => contactOf.has(d.peer.id) && (!onlyContactId || contactOf.get(d.peer.id) === onlyContactId));
    const { inserted, more } = await syncMessages(deps, userId, gateway, credentials, mine, contactOf, connection.createdAt);
    await updateReadReceipts(deps, userId, mine, contactOf);
    await markMessagedDirectly(
      deps,
      userId,
      mine.filter((d) => d.top_message_id > 0).map((d) => contactOf.get(d.peer.id)!),
    );
    const bioChanges = await syncBios(
      deps,
      userId,
      gateway,
      credentials,
      mine.map((d) => [d.peer.id, contactOf.get(d.peer.id)!]),
    );
    const groupContacts = onlyContactId ? [] : await syncTelegramGroups(deps, userId, gateway, credentials);
    if (!onlyContactId) await recordChannelSync(deps, userId, 'telegram', null);
    const touched = [...new Set([...inserted.map((i) => i.contact_id), ...bioChanges, ...groupContacts])];
    await contactsArrived(deps, touched);
    return { logged: inserted.length, contact_ids: touched, more };
  });
}

async function syncMessages(
  deps: Deps,
  userId: string,
  gateway: TelegramGateway,
  credentials: TelegramCredentials,
  dialogs: TelegramDialog[],
  contactOf: Map<string, string>,
  historyBefore: string,
) {
  const peers = await peerRows(
    deps,
    userId,
    dialogs.map((d) => d.peer.id),
  );
  const behind = dialogs.filter((d) => d.top_message_id > (peers.get(d.peer.id)?.lastMessageId ?? 0));
  const rows: NewInteraction[] = [];
  const newest = new Map<string, number>();
  for (const dialog of behind.slice(0, CHATS_PER_RUN)) {
    const since = peers.get(dialog.peer.id)?.lastMessageId ?? 0;
    const messages = await gateway.messages(credentials.session, dialog.peer.id, since, MESSAGES_PER_CHAT);
    for (const m of messages) {
      if (!m.text) continue;
      rows.push({
        contact_id: contactOf.get(dialog.peer.id)!,
        kind: 'message',
        channel: 'telegram',
        direction: m.out ? 'out' : 'in',
        body: m.text,
        status: m.out ? receiptOf(dialog, m.id) : null,
        source: 'telegram',
        external_id: telegramExternalId(dialog.peer.id, m.id),
        occurred_at: new Date(m.date * 1000),
      });
    }
    const last = Math.max(since, ...messages.map((m) => m.id));
    // A chat with more than one page left is finished by the next run.
    newest.set(dialog.peer.id, messages.length >= MESSAGES_PER_CHAT ? last : Math.max(last, dialog.top_message_id));
  }
  const inserted = await recordInteractions(deps, userId, rows, { historyBefore });
  const now = nowIso();
  const updates = [...newest].map(([peerId, id]) => setPeerLastMessage(deps.db, userId, peerId, id, now));
  await batchInGroups(deps, updates);
  const more = behind.length > CHATS_PER_RUN || [...newest.values()].some((id, i) => id < behind[i]!.top_message_id);
  return { inserted, more };
}

/** Runs statements as D1 batches of 50 (each batch atomic; a run's writes are idempotent). */
async function batchInGroups(deps: Deps, statements: BatchItem<'sqlite'>[]): Promise<void> {
  for (let i = 0; i < statements.length; i += 50) {
    const group = statements.slice(i, i + 50);
    await deps.db.batch(group as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  }
}

async function peerRows(deps: Deps, userId: string, peerIds: string[]) {
  const map = new Map<string, { lastMessageId: number; bio: string | null; contactId: string }>();
  for (let i = 0; i < peerIds.length; i += 90) {
    const rows = await peerStates(deps.db, userId, peerIds.slice(i, i + 90));
    for (const r of rows) map.set(r.peerId, r);
  }
  return map;
}

/** Outgoing messages stored as delivered that the peer has read since turn read. */
async function updateReadReceipts(deps: Deps, userId: string, dialogs: TelegramDialog[], contactOf: Map<string, string>) {
  const now = nowIso();
  const statements = dialogs
    .filter((d) => d.read_outbox_max_id > 0)
    .map((d) => markTelegramMessagesRead(deps.db, userId, contactOf.get(d.peer.id)!, d.peer.id, d.read_outbox_max_id, now));
  await batchInGroups(deps, statements);
}

/**
 * Reads the peers' bios. The first one seen is only remembered; a later different one logs a
 * bio_change interaction (SPEC §8) and becomes the contact's Telegram bio. Returns the
 * contacts whose bio changed.
 */
async function syncBios(
  deps: Deps,
  userId: string,
  gateway: TelegramGateway,
  credentials: TelegramCredentials,
  peers: [string, string][],
): Promise<string[]> {
  if (peers.length === 0) return [];
  const known = await peerRows(
    deps,
    userId,
    peers.map(([p]) => p),
  );
  const bios = await gateway.bios(
    credentials.session,
    peers.map(([p]) => p),
  );
  const now = nowIso();
  const events: NewInteraction[] = [];
  const statements: BatchItem<'sqlite'>[] = [];
  for (const { id, about } of bios) {
    const peer = known.get(id);
    if (!peer) continue;
    const bio = (about ?? '').trim().slice(0, 2000);
    if (peer.bio === bio) continue;
    if (peer.bio !== null) {
      events.push({
        contact_id: peer.contactId,
        kind: 'bio_change',
        channel: 'telegram',
        body: bio || '(bio removed)',
        source: 'telegram',
        external_id: `bio:${id}:${now}`,
        occurred_at: now,
      });
    }
    statements.push(setPeerBio(deps.db, userId, id, bio, now), setContactTelegramBio(deps.db, userId, peer.contactId, bio || null, now));
  }
  await batchInGroups(deps, statements);
  await recordInteractions(deps, userId, events);
  return events.map((e) => e.contact_id);
}

/** "Sync now" on the Telegram card: 409 when the channel is not connected. */
export async function requestTelegramSync(deps: Deps, userId: string): Promise<void> {
  const connection = await channelConnection(deps, userId, 'telegram');
  if (connection?.status !== 'connected' && connection?.status !== 'error')
    throw new AppError('channel_not_connected', 'Connect Telegram in Settings → Integrations first.');
  await deps.jobs.send({ type: 'sync_telegram', user_id: userId });
}
