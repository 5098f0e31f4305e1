import { channelConnection } from '../../worker/domain/channels/connections';
import { composerDrivers } from '../../worker/domain/channels/drivers';
import type { Deps } from '../../worker/domain/deps';
import type { DraftChannel } from '../../worker/domain/drafts/channels';

/**
 * Per composer channel, why the composer cannot send by it (null: it can), as its driver reads
 * the user's connection. LinkedIn has no connection to read: its messages are queued for the
 * browser extension.
 */
export async function sendAvailability(deps: Deps, userId: string): Promise<Record<DraftChannel, string | null>> {
  const entries = await Promise.all(
    Object.entries(composerDrivers).map(async ([composer, driver]) => {
      const connection = driver.connect ? await channelConnection(deps, userId, driver.channel) : undefined;
      const status = driver.status(connection?.status ?? 'not_connected');
      return [composer, status.canSend ? null : status.reason] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<DraftChannel, string | null>;
}
