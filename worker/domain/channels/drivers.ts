import type { Channel } from '../../db/schema';
import type { DraftChannel } from '../drafts/channels';
import { gmailDriver } from '../gmail/gmail-driver';
import { linkedinDriver } from '../linkedin/linkedin-driver';
import { telegramDriver } from '../telegram/telegram-driver';
import { xDriver } from '../x/x-driver';
import type { ChannelDriver, ChannelSync } from './channel-driver';

/**
 * Every channel's driver. The order is the one the quarter-hour cron sends the syncs in and a
 * contact page visit runs the per-contact syncs in.
 */
export const channelDrivers = {
  gmail: gmailDriver,
  x: xDriver,
  telegram: telegramDriver,
  linkedin: linkedinDriver,
} satisfies { [C in Channel]: ChannelDriver<C> };

/** The composer's channels (DRAFT_CHANNELS) and the driver that sends by each. */
export const composerDrivers = {
  email: gmailDriver,
  twitter: xDriver,
  telegram: telegramDriver,
  linkedin: linkedinDriver,
} satisfies Record<DraftChannel, ChannelDriver>;

export type SyncedDriver = ChannelDriver & { sync: ChannelSync };

/** The channels Kith syncs itself, each by its own queue job. */
const everyDriver: ChannelDriver[] = Object.values(channelDrivers);
export const syncedDrivers = everyDriver.filter((d): d is SyncedDriver => d.sync !== null);
