import type { ChannelConnectionView } from '../../worker/domain/channels/connections';
import { composerDrivers } from '../../worker/domain/channels/drivers';
import type { DraftChannel } from '../../worker/domain/drafts/channels';

/**
 * Per composer channel, why the composer cannot send by it (null: it can), as its driver reads
 * the user's connection (all of them in one read). LinkedIn has no connection to read: its
 * messages are queued for the browser extension.
 */
export function sendAvailabilityOf(views: ChannelConnectionView[]): Record<DraftChannel, string | null> {
  const connections = new Map(views.map((c) => [c.channel, c.status]));
  const entries = Object.entries(composerDrivers).map(([composer, driver]) => {
    const status = driver.status((driver.connect && connections.get(driver.channel)) || 'not_connected');
    return [composer, status.canSend ? null : status.reason] as const;
  });
  return Object.fromEntries(entries) as Record<DraftChannel, string | null>;
}
