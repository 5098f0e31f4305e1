import type { Channel } from '../../../worker/db/schema';
import { channelDrivers, syncedDrivers } from '../../../worker/domain/channels/drivers';
import { listChannelConnections } from '../../../worker/domain/channels/connections';
import type { Deps } from '../../../worker/domain/deps';
import { countQueuedLinkedin } from '../../../worker/domain/linkedin/outbox';
import { telegramLoginStep } from '../../../worker/domain/telegram/connect-telegram';
import { getTelegramSettings } from '../../../worker/domain/telegram/telegram-settings';
import { shownIntegrationError } from './integration-error.server';

/** Whether this server can connect each channel; a channel with nothing to connect is always ready. */
function connectable(deps: Deps): Record<Channel, boolean> {
  return Object.fromEntries(
    Object.values(channelDrivers).map(({ channel, connect }) => [channel, connect?.configured(deps.settings) ?? true]),
  ) as Record<Channel, boolean>;
}

/** What the Integrations section of Settings shows: each channel's connection, no secrets. */
export async function loadIntegrations(deps: Deps, userId: string, url: URL) {
  const [connections, linkedinQueued, telegramStep, telegramSettings, error] = await Promise.all([
    listChannelConnections(deps, userId),
    countQueuedLinkedin(deps, userId),
    telegramLoginStep(deps, userId),
    getTelegramSettings(deps, userId),
    shownIntegrationError(deps.settings, url),
  ]);
  // Set by the connect flows' and "Sync now"'s redirects back to Settings.
  const synced = url.searchParams.get('synced');
  return {
    connections,
    configured: connectable(deps),
    linkedinQueued,
    telegram: { step: telegramStep, tagSecondTier: telegramSettings.tag_second_tier },
    connected: url.searchParams.get('connected'),
    error,
    syncArrivals: synced === null ? null : (syncedDrivers.find((d) => d.channel === synced)?.sync.arrivals ?? 'New messages appear'),
  };
}

export type IntegrationsData = Awaited<ReturnType<typeof loadIntegrations>>;
