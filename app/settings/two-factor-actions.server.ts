import { json } from '@remix-run/cloudflare';
import { z } from 'zod';
import type { PublicUser } from '../../worker/domain/auth/users';
import {
  cancelTwoFactorSetup,
  confirmTwoFactor,
  disableTwoFactor,
  pendingTwoFactorSetup,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  twoFactorStatus,
} from '../../worker/domain/auth/two-factor';
import type { Deps } from '../../worker/domain/deps';
import { AppError } from '../../worker/domain/errors';
import { intentsOf } from '../http/intent-action.server';

export type TwoFactorActionData = { intent: string; error: string | null; message?: string; recovery_codes?: string[] };

const code = z.string().trim().min(6, 'Enter the 6-digit code').max(20);
const intentSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('two-factor-setup') }),
  z.object({ intent: z.literal('two-factor-cancel') }),
  z.object({ intent: z.literal('two-factor-enable'), code }),
  z.object({ intent: z.literal('two-factor-disable'), password: z.string().min(1, 'Enter your password').max(1000), code }),
  z.object({ intent: z.literal('two-factor-recovery-codes'), password: z.string().min(1, 'Enter your password').max(1000), code }),
]);

/** The two-factor card's intents. */
export const TWO_FACTOR_INTENTS = intentsOf(intentSchema);
export const isTwoFactorIntent = (intent: string) => (TWO_FACTOR_INTENTS as readonly string[]).includes(intent);

/** What the card shows: the status and, during setup, the secret to scan. */
export async function loadTwoFactorCard(deps: Deps, userId: string) {
  const status = await twoFactorStatus(deps.directory.db, userId);
  const setup = status.pending ? await pendingTwoFactorSetup(deps.directory.db, deps.settings.ENCRYPTION_KEY, userId).catch(() => null) : null;
  return { status, setup };
}

const result = (intent: string, extra: Partial<TwoFactorActionData> = {}, status = 200) => json<TwoFactorActionData>({ intent, error: null, ...extra }, { status });

export async function handleTwoFactorAction(form: FormData, user: PublicUser, deps: Deps) {
  const parsed = intentSchema.safeParse(Object.fromEntries(form));
  const intent = String(form.get('intent') ?? '');
  if (!parsed.success) return result(intent, { error: parsed.error.issues[0]?.message ?? 'Invalid request' }, 400);
  const key = deps.settings.ENCRYPTION_KEY;
  const data = parsed.data;
  try {
    switch (data.intent) {
      case 'two-factor-setup':
        await startTwoFactorSetup(deps.directory.db, key, user.id);
        return result(intent);
      case 'two-factor-cancel':
        await cancelTwoFactorSetup(deps.directory.db, user.id);
        return result(intent);
      case 'two-factor-enable':
        return result(intent, { recovery_codes: await confirmTwoFactor(deps.directory.db, key, user.id, data.code), message: 'Two-factor authentication is on.' });
      case 'two-factor-disable':
        await disableTwoFactor(deps.directory.db, key, user.id, data.password, data.code);
        return result(intent, { message: 'Two-factor authentication is off.' });
      case 'two-factor-recovery-codes':
        return result(intent, { recovery_codes: await regenerateRecoveryCodes(deps.directory.db, key, user.id, data.password, data.code), message: 'New recovery codes; the old ones no longer work.' });
    }
  } catch (error) {
    if (error instanceof AppError) return result(intent, { error: error.message }, error.status);
    throw error;
  }
}
