import { channelConnection } from '../../worker/domain/channels/connections';
import type { Deps } from '../../worker/domain/deps';
import type { DraftChannel } from '../../worker/domain/drafts/channels';

/**
 * Per composer channel, why the composer cannot send by it (null: it can). Email needs the
 * Gmail connection; the other channels say so until their integrations land.
 */
export async function sendAvailability(deps: Deps, userId: string): Promise<Record<DraftChannel, string | null>> {
  const gmail = await channelConnection(deps, userId, 'gmail');
  const telegram = await channelConnection(deps, userId, 'telegram');
  const later = 'Sending on this channel is not available yet; copy the message instead.';
  return {
    email: gmail?.status === 'connected' ? null : gmail?.status === 'error' ? 'Gmail needs reconnecting in Settings → Integrations.' : 'Connect Gmail in Settings → Integrations to send emails.',
    telegram: telegram?.status === 'connected' ? null : telegram?.status === 'error' ? 'Telegram needs reconnecting in Settings → Integrations.' : 'Connect Telegram in Settings → Integrations to send Telegram messages.',
    twitter: later,
    // Queued for the browser extension; a contact without a LinkedIn URL is refused on send.
    linkedin: null,
  };
}
