import { json } from '@remix-run/cloudflare';
import { plainIssue } from '../http/plain-issue';
import { z } from 'zod';
import { changePassword, deleteAccount, revokeAllSessions, revokeSessionById } from '../../worker/domain/auth/account';
import { clearedSessionCookie, readSessionToken } from '../../worker/domain/auth/sessions';
import { updateProfile, type PublicUser } from '../../worker/domain/auth/users';
import { createToken, revokeAllTokens, revokeToken } from '../../worker/domain/auth/tokens';
import { tokenNameSchema } from '../../worker/domain/auth/account-input';
import { newPasswordSchema, PASSWORD_MAX_LENGTH } from '../../worker/domain/auth/password-rule';
import type { Deps } from '../../worker/domain/deps';
import { enqueuePendingGeocodes } from '../../worker/domain/geocoding/backfill';
import { AppError } from '../../worker/domain/errors';
import { redirect } from '../http/redirect.server';
import { intentsOf } from '../http/intent-action.server';

const intentSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('create-token'), name: tokenNameSchema }),
  z.object({ intent: z.literal('revoke-token'), id: z.string().min(1).max(64) }),
  z.object({ intent: z.literal('revoke-all-tokens') }),
  z.object({
    intent: z.literal('change-password'),
    current_password: z.string().min(1, 'Enter your current password').max(PASSWORD_MAX_LENGTH),
    new_password: newPasswordSchema,
  }),
  z.object({ intent: z.literal('revoke-session'), id: z.string().min(1).max(64) }),
  z.object({ intent: z.literal('logout-everywhere') }),
  z.object({ intent: z.literal('geocode-backfill') }),
  z.object({ intent: z.literal('time-zone'), time_zone: z.string().min(1, 'Choose a time zone').max(64) }),
  z.object({ intent: z.literal('delete-account'), confirm_email: z.string().max(254), password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH) }),
]);

/** The intents of the Settings page's own forms (account, tokens, sessions, geocoding). */
export const SETTINGS_INTENTS = intentsOf(intentSchema);

// Messages of shared schemas ("is required") read after the field's name.
const formError = (issue: z.core.$ZodIssue | undefined) => plainIssue(issue, { name: 'The token name', new_password: 'The new password' });

export type SettingsActionData = {
  intent: string;
  error: string | null;
  created: { name: string; token: string } | null;
  message?: string;
  /** After a password change or "log out everywhere": tokens that still work (offered for revoking). */
  tokensRemaining?: number;
  enqueued?: number;
};

const result = (intent: string, extra: Partial<SettingsActionData> = {}, status = 200) =>
  json<SettingsActionData>({ intent, error: null, created: null, ...extra }, { status });

/** Every form on the Settings page posts here with an `intent`. */
export async function handleSettingsAction(request: Request, fields: FormData, user: PublicUser, deps: Deps) {
  const form = Object.fromEntries(fields);
  const parsed = intentSchema.safeParse(form);
  const intent = String(form.intent ?? '');
  if (!parsed.success) return result(intent, { error: formError(parsed.error.issues[0]) }, 400);
  const token = readSessionToken(request.headers.get('cookie')) ?? undefined;
  const secure = new URL(request.url).protocol === 'https:';
  const data = parsed.data;
  try {
    switch (data.intent) {
      case 'create-token': {
        const created = await createToken(deps.directory.db, user.id, data.name);
        return result(intent, { created: { name: created.name, token: created.token } });
      }
      case 'revoke-token':
        await revokeToken(deps.directory.db, user.id, data.id);
        return result(intent);
      case 'revoke-all-tokens': {
        const revoked = await revokeAllTokens(deps.directory.db, user.id);
        return result(intent, { message: `Revoked ${revoked} personal access ${revoked === 1 ? 'token' : 'tokens'}. Scripts and the browser extension need a new one.` });
      }
      case 'change-password': {
        const left = await changePassword(deps.directory.db, deps.settings.PASSWORD_HASH_ITERATIONS, user.id, data.current_password, data.new_password, token);
        return result(intent, { message: 'Password changed. Every other session was signed out.', tokensRemaining: left.tokensRemaining });
      }
      case 'revoke-session':
        await revokeSessionById(deps.directory.db, user.id, data.id);
        return result(intent);
      case 'logout-everywhere': {
        const left = await revokeAllSessions(deps.directory.db, user.id, token);
        const n = left.signedOutSessions;
        return result(intent, { message: `Signed out ${n} other ${n === 1 ? 'session' : 'sessions'}.`, tokensRemaining: left.tokensRemaining });
      }
      case 'time-zone': {
        const updated = await updateProfile(deps, user.id, { time_zone: data.time_zone });
        return result(intent, { message: `Dates and times are now shown in ${updated.time_zone.replaceAll('_', ' ')}.` });
      }
      case 'geocode-backfill':
        return result(intent, { enqueued: await enqueuePendingGeocodes(deps, user.id) });
      case 'delete-account':
        await deleteAccount(deps, user.id, data.confirm_email, data.password);
        return redirect('/signup', { headers: { 'Set-Cookie': clearedSessionCookie(secure) } });
    }
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return result(intent, { error: error.message }, error.status);
    throw error;
  }
}
