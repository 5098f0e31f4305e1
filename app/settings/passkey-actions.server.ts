import { json } from '@remix-run/cloudflare';
import { passkeyNameSchema } from '../../worker/domain/auth/passkeys/passkey-input';
import { passkeyRegistrationOptions, registerPasskey } from '../../worker/domain/auth/passkeys/passkey-registration';
import { removePasskey, renamePasskey } from '../../worker/domain/auth/passkeys/passkey-settings';
import { readSessionToken } from '../../worker/domain/auth/sessions';
import type { PublicUser } from '../../worker/domain/auth/users';
import type { Deps } from '../../worker/domain/deps';
import { AppError } from '../../worker/domain/errors';
import { recordIdSchema } from '../../worker/domain/record-id';
import { attestationOf } from '../auth/passkey-form.server';
import { runCommandForm } from '../http/command-form.server';
import { plainIssue } from '../http/plain-issue';

export type PasskeyActionData = { intent: string; error: string | null; message?: string; options?: unknown };

/** The passkeys card's intents: the two steps of adding one, renaming and removing. */
export const PASSKEY_INTENTS = ['passkey-options', 'passkey-add', 'passkey-rename', 'passkey-remove'] as const;
export const isPasskeyIntent = (intent: string) => (PASSKEY_INTENTS as readonly string[]).includes(intent);

const result = (intent: string, extra: Partial<PasskeyActionData> = {}, status = 200) =>
  json<PasskeyActionData>({ intent, error: null, ...extra }, { status });

/** The card's forms, through the same domain calls as /me/passkeys. */
export async function handlePasskeyAction(request: Request, form: FormData, user: PublicUser, deps: Deps) {
  const intent = String(form.get('intent') ?? '');
  const signedIn = { deps, user };
  const id = () => {
    const parsed = recordIdSchema.safeParse(form.get('id'));
    if (!parsed.success) throw new AppError('invalid_request', 'Choose a passkey');
    return parsed.data;
  };
  try {
    switch (intent) {
      case 'passkey-options':
        return result(intent, { options: await passkeyRegistrationOptions(signedIn) });
      case 'passkey-add': {
        const typed = String(form.get('name') ?? '').trim();
        const name = typed ? passkeyNameSchema.safeParse(typed) : null;
        if (name && !name.success) return result(intent, { error: `The name ${plainIssue(name.error.issues[0])}` }, 400);
        const added = await registerPasskey(
          signedIn,
          { response: attestationOf(form.get('response')), name: name?.data },
          request.headers.get('user-agent'),
        );
        return result(intent, { message: `Added the passkey “${added.name}”. You can now sign in with it.` });
      }
      case 'passkey-rename': {
        const ran = await runCommandForm(renamePasskey, { ...signedIn, id: id() }, form, { name: 'The name' });
        return ran.ok ? result(intent, { message: `Renamed to “${ran.result.name}”.` }) : result(intent, { error: ran.error }, 400);
      }
      default: {
        const password = String(form.get('password') ?? '');
        const context = { ...signedIn, id: id(), sessionToken: readSessionToken(request.headers.get('cookie')) ?? undefined };
        const ran = await runCommandForm(removePasskey, context, password ? { password } : {}, { password: 'The password' });
        return ran.ok
          ? result(intent, { message: `Removed the passkey “${ran.result.name}”; it no longer signs in.` })
          : result(intent, { error: ran.error }, 400);
      }
    }
  } catch (error) {
    if (error instanceof AppError) return result(intent, { error: error.message }, error.status);
    throw error;
  }
}
