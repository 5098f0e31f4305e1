import { channelDrivers } from '../../../worker/domain/channels/drivers';
import { listChannelConnections } from '../../../worker/domain/channels/connections';
import type { Deps } from '../../../worker/domain/deps';
import { countQueuedLinkedin } from '../../../worker/domain/linkedin/outbox';
import { telegramLoginStep } from '../../../worker/domain/telegram/connect-telegram';
import { getTelegramSettings } from '../../../worker/domain/telegram/telegram-settings';

/** What the Integrations section of Settings shows: each channel's connection, no secrets. */
export async function loadIntegrations(deps: Deps, userId: string, url: URL) {
  const [connections, linkedinQueued, telegramStep, telegramSettings] = await Promise.all([
    listChannelConnections(deps, userId),
    countQueuedLinkedin(deps, userId),
    telegramLoginStep(deps, userId),
    getTelegramSettings(deps, userId),
  ]);
  const { gmail, x, telegram } = channelDrivers;
  return {
    connections,
    xConfigured: x.connect.configured(deps.settings),
    linkedinQueued,
    telegram: { configured: telegram.connect.configured(deps.settings), step: telegramStep, tagSecondTier: telegramSettings.tag_second_tier },
    googleConfigured: gmail.connect.configured(deps.settings),
    // Set by the connect flows' redirects back to Settings.
    connected: url.searchParams.get('connected'),
    error: url.searchParams.get('integration_error'),
    synced: url.searchParams.get('synced'),
  };
}

export type IntegrationsData = Awaited<ReturnType<typeof loadIntegrations>>;
