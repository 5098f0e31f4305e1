import { ProviderError } from '../../providers/provider-error';
import type { TelegramGatewayContainer } from '../../providers/telegram/gateway-container';
import { containerFetch } from '../../providers/telegram/gateway-container-fetch';
import { telegramGateway, TelegramSessionRevoked, type TelegramGateway } from '../../providers/telegram/gateway-client';
import { channelConnection, markChannelError, replaceChannelCredentials } from '../channels/connections';
import type { Deps } from '../deps';
import type { Settings } from '../../env';
import { AppError } from '../errors';
import { featureOffReason, notConfigured, unsetSettings } from '../settings/not-configured';
import { decryptSecret, encryptSecret } from '../secrets/stored-secret';
import { providerFailure } from '../provider-failure';
import { providerHttp } from '../provider-http';

/** What Kith keeps (encrypted) for a Telegram connection. */
export interface TelegramCredentials {
  /** The gateway's MTProto session string: the user's authorization. */
  session: string;
  phone: string;
  /** While logging in: which answer the login waits for. */
  step?: 'code' | 'password';
  phone_code_hash?: string;
  /** The user's own Telegram id, so syncs never make the user a contact of themself. */
  self_id?: string;
}

/** The gateway for this user: their own container when the Worker is deployed with one, else the one at TELEGRAM_GATEWAY_URL. */
export function gatewayOf(deps: Deps, userId: string, onSession?: (session: string) => Promise<void>): TelegramGateway {
  const { TELEGRAM_GATEWAY_URL: url, TELEGRAM_GATEWAY_SECRET: secret } = deps.settings;
  if (!url || !secret) throw notConfigured('Telegram', unsetSettings(deps.settings, ['TELEGRAM_GATEWAY_URL', 'TELEGRAM_GATEWAY_SECRET']));
  const containers = deps.env.TELEGRAM_GATEWAY_CONTAINER as DurableObjectNamespace<TelegramGatewayContainer> | undefined;
  const http = containers ? { ...providerHttp(deps.settings), fetch: containerFetch(containers, userId) } : providerHttp(deps.settings);
  return telegramGateway(url, secret, http, onSession);
}

const TELEGRAM_SETTINGS = ['TELEGRAM_GATEWAY_URL', 'TELEGRAM_GATEWAY_SECRET', 'ENCRYPTION_KEY'] as const;

/** Whether Telegram can be connected; when not, the server log names what is missing. */
export const telegramConfigured = (s: Settings) => !featureOffReason(s, 'Telegram', TELEGRAM_SETTINGS);

export const sealCredentials = (deps: Deps, credentials: TelegramCredentials) =>
  encryptSecret(deps.settings.ENCRYPTION_KEY, JSON.stringify(credentials));

export async function readCredentials(deps: Deps, sealed: string | null): Promise<TelegramCredentials | null> {
  if (!sealed) return null;
  return JSON.parse(await decryptSecret(deps.settings.ENCRYPTION_KEY, sealed)) as TelegramCredentials;
}

/**
 * Runs `work` with the user's connected Telegram session. A session the user ended in
 * Telegram puts the card in "Needs attention"; FLOOD_WAIT_X becomes our 429 with
 * Retry-After X; other gateway failures become the provider envelope.
 */
export async function withTelegram<T>(
  deps: Deps,
  userId: string,
  work: (gateway: TelegramGateway, credentials: TelegramCredentials) => Promise<T>,
): Promise<T> {
  const connection = await channelConnection(deps, userId, 'telegram');
  const credentials =
    connection?.status === 'connected' || connection?.status === 'error'
      ? await readCredentials(deps, connection.credentialsEncrypted)
      : null;
  if (!credentials || credentials.step) throw new AppError('channel_not_connected', 'Connect Telegram in Settings → Integrations first.');
  // A session the gateway moved is stored at once (only over the one this work started from),
  // and the rest of this work's calls carry it.
  let sealed = connection!.credentialsEncrypted!;
  const keepMovedSession = async (session: string) => {
    credentials.session = session;
    const next = await sealCredentials(deps, credentials);
    if (await replaceChannelCredentials(deps, userId, 'telegram', sealed, next)) sealed = next;
  };
  try {
    return await work(gatewayOf(deps, userId, keepMovedSession), credentials);
  } catch (error) {
    if (error instanceof TelegramSessionRevoked) {
      await markChannelError(deps, userId, 'telegram', error.message);
      throw new AppError('channel_not_connected', error.message);
    }
    if (error instanceof ProviderError) console.warn(`provider failure: ${error.message}`);
    throw providerFailure(error, 'Telegram');
  }
}
