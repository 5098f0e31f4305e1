import { json } from '@remix-run/cloudflare';
import { plainIssue } from '../http/plain-issue';
import { z } from 'zod';
import { logOutEverywhere, revokeSessionById } from '../../worker/domain/auth/account';
import { describeEnded } from '../../worker/domain/auth/every-way-in';
import { changeAccountPassword, createAccessToken, deleteOwnAccount, updateAccount } from '../../worker/domain/auth/account-commands';
import { clearedSessionCookie, readSessionToken } from '../../worker/domain/auth/sessions';
import type { PublicUser } from '../../worker/domain/auth/users';
import { revokeAllTokens, revokeToken } from '../../worker/domain/auth/tokens';
import type { Deps } from '../../worker/domain/deps';
import { enqueuePendingGeocodes } from '../../worker/domain/geocoding/backfill';
import { AppError } from '../../worker/domain/errors';
import { redirect } from '../http/redirect.server';
import { runCommandForm } from '../http/command-form.server';
import { DEFAULT_TOKEN_ACCESS, scopesOfAccess } from './token-access';
import { grantedTools } from '../../worker/domain/mcp-oauth/consent-tools';
import { ALL_SCOPES } from '../../worker/domain/auth/scopes';
import { recordIdSchema } from '../../worker/domain/record-id';

/** The intents of the Settings page's own forms (account, tokens, sessions, geocoding). */
export const SETTINGS_INTENTS = [
  'create-token',
  'revoke-token',
  'revoke-all-tokens',
  'change-password',
  'revoke-session',
  'logout-everywhere',
  'geocode-backfill',
  'time-zone',
  'delete-account',
] as const;

const idForm = z.object({ id: recordIdSchema });

// Messages of shared schemas ("is required") read after the field's name.
const FIELD_NAMES = { name: 'The token name', new_password: 'The new password' };

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

/** Every form on the Settings page posts here with an `intent`; the account's writes are the API's commands. */
export async function handleSettingsAction(request: Request, form: FormData, user: PublicUser, deps: Deps) {
  const intent = String(form.get('intent') ?? '');
  const sessionToken = readSessionToken(request.headers.get('cookie')) ?? undefined;
  const secure = new URL(request.url).protocol === 'https:';
  const signedIn = { deps, user, sessionToken };
  const refused = (error: string) => result(intent, { error }, 400);
  const id = () => idForm.safeParse(Object.fromEntries(form));
  try {
    switch (intent) {
      case 'create-token': {
        const scopes = scopesOfAccess(form.get('access') ?? DEFAULT_TOKEN_ACCESS);
        if (!scopes) return refused('Choose what the token may do.');
        const tags = String(form.get('contact_tags') ?? '')
          .split(',')
          .map((tag) => tag.trim())
          .filter(Boolean);
        const tools = form.getAll('tools').map(String);
        // The form's list starts ticked as a token without one (every tool but send_message).
        const listed = form.get('tools_shown') === '1';
        if (listed && tools.length === 0) return refused('Tick at least one agent tool the token may call.');
        const limits = {
          contact_tags: tags.length ? tags : null,
          hide_private: form.get('hide_private') === '1',
          tools: !tools.length ? null : listed ? grantedTools(ALL_SCOPES, tools) : tools,
        };
        const ran = await runCommandForm(createAccessToken, signedIn, { name: form.get('name') ?? '', scopes, ...limits }, FIELD_NAMES);
        return ran.ok ? result(intent, { created: { name: ran.result.name, token: ran.result.token } }) : refused(ran.error);
      }
      case 'revoke-token': {
        const parsed = id();
        if (!parsed.success) return refused(plainIssue(parsed.error.issues[0]));
        await revokeToken(deps, parsed.data.id);
        return result(intent);
      }
      case 'revoke-all-tokens': {
        const revoked = await revokeAllTokens(deps);
        return result(intent, {
          message: `Revoked ${revoked} personal access ${revoked === 1 ? 'token' : 'tokens'}. Scripts and the browser extension need a new one.`,
        });
      }
      case 'change-password': {
        const ran = await runCommandForm(changeAccountPassword, signedIn, form, FIELD_NAMES);
        if (!ran.ok) return refused(ran.error);
        return result(intent, {
          message: 'Password changed. Every other session was signed out.',
          tokensRemaining: ran.result.tokensRemaining,
        });
      }
      case 'revoke-session': {
        const parsed = id();
        if (!parsed.success) return refused(plainIssue(parsed.error.issues[0]));
        await revokeSessionById(deps.directory.db, user.id, parsed.data.id);
        return result(intent);
      }
      case 'logout-everywhere': {
        const ended = await logOutEverywhere(deps, sessionToken);
        return result(intent, { message: `Signed out everywhere but here. ${describeEnded(ended)}` });
      }
      case 'time-zone': {
        const ran = await runCommandForm(updateAccount, signedIn, { time_zone: form.get('time_zone') ?? '' });
        if (!ran.ok) return refused(ran.error);
        return result(intent, { message: `Dates and times are now shown in ${ran.result.time_zone.replaceAll('_', ' ')}.` });
      }
      case 'geocode-backfill':
        return result(intent, { enqueued: await enqueuePendingGeocodes(deps, user.id) });
      default: {
        const ran = await runCommandForm(deleteOwnAccount, signedIn, form);
        if (!ran.ok) return refused(ran.error);
        return redirect('/signup', { headers: { 'Set-Cookie': clearedSessionCookie(secure) } });
      }
    }
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return result(intent, { error: error.message }, error.status);
    throw error;
  }
}
