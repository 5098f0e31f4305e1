import { json } from '@remix-run/cloudflare';
import { z } from 'zod';
import type { PublicUser } from '../../worker/domain/auth/users';
import { createAppPassword, revokeAppPassword } from '../../worker/domain/dav/app-passwords';
import type { Deps } from '../../worker/domain/deps';
import { AppError } from '../../worker/domain/errors';
import { recordIdSchema } from '../../worker/domain/record-id';
import { runCommandForm } from '../http/command-form.server';
import { plainIssue } from '../http/plain-issue';

/** The intents of Settings → Sync with your phone. */
export const PHONE_SYNC_INTENTS = ['app-password-create', 'app-password-revoke'] as const;
export const isPhoneSyncIntent = (intent: string): intent is (typeof PHONE_SYNC_INTENTS)[number] =>
  (PHONE_SYNC_INTENTS as readonly string[]).includes(intent);

export interface PhoneSyncActionData {
  intent: string;
  error: string | null;
  message?: string;
  /** The new sync password, shown once. */
  created?: { name: string; password: string };
}

/** Settings → Sync with your phone: the same domain calls as POST/DELETE /api/v1/app-passwords. */
export async function handlePhoneSyncAction(form: FormData, user: PublicUser, deps: Deps) {
  const intent = String(form.get('intent'));
  const done = (extra: Partial<PhoneSyncActionData> = {}, status = 200) =>
    json<PhoneSyncActionData>({ intent, error: null, ...extra }, { status });
  try {
    if (intent === 'app-password-create') {
      const ran = await runCommandForm(createAppPassword, { deps, user }, form, { name: 'The device name' });
      if (!ran.ok) return done({ error: ran.error }, 400);
      return done({ created: { name: ran.result.name, password: ran.result.password } });
    }
    const parsed = z.object({ id: recordIdSchema }).safeParse(Object.fromEntries(form));
    if (!parsed.success) return done({ error: plainIssue(parsed.error.issues[0]) }, 400);
    await revokeAppPassword(deps, parsed.data.id);
    return done({ message: 'Sync password revoked: that device no longer syncs.' });
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return done({ error: error.message }, error.status);
    throw error;
  }
}
