import { channelDrivers } from '../../../worker/domain/channels/drivers';
import type { Deps } from '../../../worker/domain/deps';
import { AppError } from '../../../worker/domain/errors';
import type { OAuthCallback } from '../../../worker/domain/oauth/oauth-callback';
import { redirect } from '../../http/redirect.server';
import { integrationErrorQuery } from './integration-error.server';

/** The channels connected through a consent screen, and the card Settings greets after (?connected=). */
const CONNECTED_CARD = { gmail: 'email', x: 'x' } as const;
export type OAuthChannel = keyof typeof CONNECTED_CARD;

const integrationError = async (deps: Deps, message: string) =>
  redirect(`/settings${await integrationErrorQuery(deps.settings, message)}#integrations`);

/** "Connect" on the channel's card: off to the provider's consent screen, or back to the card saying why not. */
export async function startChannelConnect(deps: Deps, userId: string, channel: OAuthChannel): Promise<Response> {
  try {
    return redirect(await channelDrivers[channel].connect.oauth.start(deps, userId));
  } catch (error) {
    if (error instanceof AppError) return integrationError(deps, error.message);
    throw error;
  }
}

/** The provider's redirect back: the card connected, or the card saying why not. */
export async function finishChannelConnect(deps: Deps, userId: string, channel: OAuthChannel, callback: OAuthCallback): Promise<Response> {
  try {
    await channelDrivers[channel].connect.oauth.finish(deps, userId, callback);
    return redirect(`/settings?connected=${CONNECTED_CARD[channel]}#integrations`);
  } catch (error) {
    if (error instanceof AppError) return integrationError(deps, error.message);
    throw error;
  }
}
