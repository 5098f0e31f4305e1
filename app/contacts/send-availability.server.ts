import { channelConnection } from '../../worker/domain/channels/connections';
import type { Channel } from '../../worker/db/schema-channels';
import type { Deps } from '../../worker/domain/deps';
import type { DraftChannel } from '../../worker/domain/drafts/channels';

/**
 * Per composer channel, why the composer cannot send by it (null: it can). Email, X and
 * Telegram need their connection; LinkedIn messages are queued for the browser extension.
 */
export async function sendAvailability(deps: Deps, userId: string): Promise<Record<DraftChannel, string | null>> {
  const [gmail, x, telegram] = await Promise.all(['gmail', 'x', 'telegram'].map((c) => channelConnection(deps, userId, c as Channel)));
  return {
    email: gmail?.status === 'connected' ? null : gmail?.status === 'error' ? 'Gmail needs reconnecting in Settings → Integrations.' : 'Connect Gmail in Settings → Integrations to send emails.',
    telegram: telegram?.status === 'connected' ? null : telegram?.status === 'error' ? 'Telegram needs reconnecting in Settings → Integrations.' : 'Connect Telegram in Settings → Integrations to send Telegram messages.',
    twitter: x?.status === 'connected' ? null : x?.status === 'error' ? 'X needs reconnecting in Settings → Integrations.' : 'Connect X in Settings → Integrations to send direct messages.',
    // Queued for the browser extension; a contact without a LinkedIn URL is refused on send.
    linkedin: null,
  };
}
