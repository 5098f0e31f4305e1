import { json } from '@remix-run/cloudflare';
import { readSessionToken } from '../../worker/domain/auth/sessions';
import type { PublicUser } from '../../worker/domain/auth/users';
import { cancelTwoFactorSetup, pendingTwoFactorSetup, startTwoFactorSetup, twoFactorStatus } from '../../worker/domain/auth/two-factor';
import { enableTwoFactor, replaceRecoveryCodes, turnOffTwoFactor } from '../../worker/domain/auth/two-factor-commands';
import type { Deps } from '../../worker/domain/deps';
import { AppError } from '../../worker/domain/errors';
import { runCommandForm, type CommandFormResult } from '../http/command-form.server';

export type TwoFactorActionData = { intent: string; error: string | null; message?: string; recovery_codes?: string[] };

/** The two-factor card's intents. */
export const TWO_FACTOR_INTENTS = [
  'two-factor-setup',
  'two-factor-cancel',
  'two-factor-enable',
  'two-factor-disable',
  'two-factor-recovery-codes',
] as const;
export const isTwoFactorIntent = (intent: string) => (TWO_FACTOR_INTENTS as readonly string[]).includes(intent);

/** What the card shows: the status and, during setup, the secret to scan. */
export async function loadTwoFactorCard(deps: Deps, userId: string) {
  const status = await twoFactorStatus(deps.directory.db, userId);
  const setup = status.pending
    ? await pendingTwoFactorSetup(deps.directory.db, deps.settings.ENCRYPTION_KEY, userId).catch(() => null)
    : null;
  return { status, setup };
}

const result = (intent: string, extra: Partial<TwoFactorActionData> = {}, status = 200) =>
  json<TwoFactorActionData>({ intent, error: null, ...extra }, { status });

/** The card's forms: setup and cancel here, the rest through the same commands as /me/two-factor. */
export async function handleTwoFactorAction(request: Request, form: FormData, user: PublicUser, deps: Deps) {
  const intent = String(form.get('intent') ?? '');
  const key = deps.settings.ENCRYPTION_KEY;
  const signedIn = { deps, user };
  const answer = <T>(ran: CommandFormResult<T>, done: (value: T) => Partial<TwoFactorActionData>) =>
    ran.ok ? result(intent, done(ran.result)) : result(intent, { error: ran.error }, 400);
  try {
    switch (intent) {
      case 'two-factor-setup':
        await startTwoFactorSetup(deps.directory.db, key, user.id);
        return result(intent);
      case 'two-factor-cancel':
        await cancelTwoFactorSetup(deps.directory.db, user.id);
        return result(intent);
      case 'two-factor-enable': {
        // An empty password field means "my sign-in is fresh" (the command checks which).
        const fields = {
          code: String(form.get('code') ?? ''),
          ...(form.get('password') ? { password: String(form.get('password')) } : {}),
        };
        const context = { ...signedIn, sessionToken: readSessionToken(request.headers.get('cookie')) ?? undefined };
        return answer(await runCommandForm(enableTwoFactor, context, fields, { password: 'The password' }), (codes) => ({
          recovery_codes: codes,
          message: 'Two-factor authentication is on.',
        }));
      }
      case 'two-factor-disable':
        return answer(await runCommandForm(turnOffTwoFactor, signedIn, form), () => ({ message: 'Two-factor authentication is off.' }));
      default:
        return answer(await runCommandForm(replaceRecoveryCodes, signedIn, form), (codes) => ({
          recovery_codes: codes,
          message: 'New recovery codes; the old ones no longer work.',
        }));
    }
  } catch (error) {
    if (error instanceof AppError) return result(intent, { error: error.message }, error.status);
    throw error;
  }
}
