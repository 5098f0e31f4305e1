import { listChannelConnections } from '../../../worker/domain/channels/connections';
import type { Deps } from '../../../worker/domain/deps';
import { countQueuedLinkedin } from '../../../worker/domain/linkedin/outbox';

/** What the Integrations section of Settings shows: each channel's connection, no secrets. */
export async function loadIntegrations(deps: Deps, userId: string, url: URL) {
  const [connections, linkedinQueued] = await Promise.all([listChannelConnections(deps, userId), countQueuedLinkedin(deps, userId)]);
  return {
    connections,
    linkedinQueued,
    googleConfigured: Boolean(deps.settings.GOOGLE_CLIENT_ID && deps.settings.GOOGLE_CLIENT_SECRET && deps.settings.ENCRYPTION_KEY),
    // Set by the connect flows' redirects back to Settings.
    connected: url.searchParams.get('connected'),
    error: url.searchParams.get('integration_error'),
    synced: url.searchParams.get('synced'),
  };
}

export type IntegrationsData = Awaited<ReturnType<typeof loadIntegrations>>;
