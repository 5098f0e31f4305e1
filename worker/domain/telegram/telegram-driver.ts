import type { ChannelDriver } from '../channels/channel-driver';
import { sendsWhenConnected } from '../channels/channel-driver';
import { sendTelegram } from './send-telegram';
import { requestTelegramSync, syncTelegram } from './sync-telegram';
import { telegramConfigured } from './telegram-session';

/** The Telegram channel, through the gateway (ADR 009), connected by a phone login on its card. */
export const telegramDriver = {
  channel: 'telegram',
  label: 'Telegram',
  connect: { configured: telegramConfigured, oauth: null },
  sync: {
    job: 'sync_telegram',
    run: (deps, userId) => syncTelegram(deps, userId),
    contact: (deps, userId, contactId) => syncTelegram(deps, userId, contactId),
    request: requestTelegramSync,
    summary: 'Sync Telegram now (direct messages, read receipts, bios, groups)',
    arrivals: 'New Telegram messages appear',
  },
  // Telegram's own dedup key: a retried submission never sends twice.
  send: (deps, user, contactId, message) =>
    sendTelegram(deps, user.id, contactId, message.body, message.idempotencyKey ?? crypto.randomUUID()),
  status: sendsWhenConnected('Telegram', 'Telegram messages'),
} satisfies ChannelDriver<'telegram'>;
