import { z } from 'zod';
import { TelegramAuthError, type SignedIn, type TelegramUser } from '../../providers/telegram/gateway-client';
import { ProviderError } from '../../providers/provider-error';
import { channelConnection, saveChannelConnection } from '../channels/connections';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { notConfigured, unsetSettings } from '../settings/not-configured';
import { providerFailure } from '../provider-failure';
import { gatewayOf, readCredentials, sealCredentials, telegramConfigured, type TelegramCredentials } from './telegram-session';

export const telegramPhoneSchema = z
  .object({
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{6,20}$/, 'must be a phone number with its country code, like +44 7700 900123'),
  })
  .strict();
export const telegramCodeSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[0-9]{3,8}$/, 'must be the digits Telegram sent you'),
  })
  .strict();
export const telegramPasswordSchema = z.object({ password: z.string().min(1, 'must not be empty').max(256) }).strict();

/** Where the connect flow stands, for the Settings card. */
export interface TelegramLoginState {
  status: 'pending' | 'connected';
  /** What the login waits for while pending. */
  next: 'code' | 'password' | null;
  account_label: string | null;
}

const USER_MESSAGES: Record<string, string> = {
  PHONE_NUMBER_INVALID: 'Telegram does not know this phone number. Check it and its country code.',
  PHONE_NUMBER_BANNED: 'Telegram has banned this phone number.',
  PHONE_CODE_INVALID: 'That code is not right. Check the latest code Telegram sent you.',
  PHONE_CODE_EXPIRED: 'That code has expired. Start again to get a new one.',
  PASSWORD_HASH_INVALID: 'That is not your Telegram two-step verification password.',
};

const labelOf = (user: TelegramUser) =>
  user.username ? `@${user.username}` : [user.first_name, user.last_name].filter(Boolean).join(' ') || user.phone || 'Telegram';

async function gatewayCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof TelegramAuthError && USER_MESSAGES[error.type])
      throw new AppError('not_processable', USER_MESSAGES[error.type]!, { telegram_error: error.type });
    if (error instanceof ProviderError) console.warn(`provider failure: ${error.message}`);
    throw providerFailure(error, 'Telegram');
  }
}

async function pendingLogin(deps: Deps, userId: string, step: 'code' | 'password'): Promise<TelegramCredentials> {
  const connection = await channelConnection(deps, userId, 'telegram');
  const credentials = connection?.status === 'pending' ? await readCredentials(deps, connection.credentialsEncrypted) : null;
  if (!credentials || credentials.step !== step) {
    throw new AppError(
      'conflict',
      step === 'code'
        ? 'No Telegram login is waiting for a code; enter your phone number first.'
        : 'No Telegram login is waiting for a password.',
    );
  }
  return credentials;
}

async function finish(deps: Deps, userId: string, phone: string, signedIn: SignedIn): Promise<TelegramLoginState> {
  const accountLabel = labelOf(signedIn.user);
  await saveChannelConnection(deps, userId, 'telegram', {
    status: 'connected',
    accountLabel,
    credentialsEncrypted: await sealCredentials(deps, { session: signedIn.session, phone, self_id: signedIn.user.id }),
    syncCursor: null,
  });
  await deps.jobs.send({ type: 'sync_telegram', user_id: userId });
  return { status: 'connected', next: null, account_label: accountLabel };
}

/** Step 1: Telegram sends a login code to the user's Telegram app; the card asks for it. */
export async function startTelegramLogin(deps: Deps, userId: string, phone: string): Promise<TelegramLoginState> {
  if (!telegramConfigured(deps.settings))
    throw notConfigured('Telegram', unsetSettings(deps.settings, ['TELEGRAM_GATEWAY_URL', 'TELEGRAM_GATEWAY_SECRET', 'ENCRYPTION_KEY']));
  const normalized = `+${phone.replace(/\D/g, '')}`;
  const sent = await gatewayCall(() => gatewayOf(deps, userId).sendCode(normalized));
  await saveChannelConnection(deps, userId, 'telegram', {
    status: 'pending',
    accountLabel: normalized,
    credentialsEncrypted: await sealCredentials(deps, {
      session: sent.session,
      phone: normalized,
      step: 'code',
      phone_code_hash: sent.phone_code_hash,
    }),
  });
  return { status: 'pending', next: 'code', account_label: normalized };
}

/** Step 2: the code. An account with two-step verification then asks for its password. */
export async function submitTelegramCode(deps: Deps, userId: string, code: string): Promise<TelegramLoginState> {
  const login = await pendingLogin(deps, userId, 'code');
  try {
    const signedIn = await gatewayCall(() =>
      gatewayOf(deps, userId).signIn({ session: login.session, phone: login.phone, phone_code_hash: login.phone_code_hash!, code }),
    );
    return await finish(deps, userId, login.phone, signedIn);
  } catch (error) {
    if (!(error instanceof TelegramAuthError) || error.type !== 'SESSION_PASSWORD_NEEDED') throw error;
    await saveChannelConnection(deps, userId, 'telegram', {
      status: 'pending',
      accountLabel: login.phone,
      credentialsEncrypted: await sealCredentials(deps, { session: login.session, phone: login.phone, step: 'password' }),
    });
    return { status: 'pending', next: 'password', account_label: login.phone };
  }
}

/** Step 3 (two-step verification only): the account's password. */
export async function submitTelegramPassword(deps: Deps, userId: string, password: string): Promise<TelegramLoginState> {
  const login = await pendingLogin(deps, userId, 'password');
  const signedIn = await gatewayCall(() => gatewayOf(deps, userId).checkPassword({ session: login.session, password }));
  return finish(deps, userId, login.phone, signedIn);
}

/** What the Settings card shows of a login in progress. */
export async function telegramLoginStep(deps: Deps, userId: string): Promise<'code' | 'password' | null> {
  const connection = await channelConnection(deps, userId, 'telegram');
  if (connection?.status !== 'pending') return null;
  return (await readCredentials(deps, connection.credentialsEncrypted).catch(() => null))?.step ?? null;
}
