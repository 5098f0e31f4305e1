import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { finishGoogleConnect, googlePurposeOfState } from '../../worker/domain/google/connect-google';
import { startGoogleSync } from '../../worker/domain/google/sync-google-contacts';
import { finishEmailConnect } from '../../worker/domain/gmail/connect-email';
import { AppError } from '../../worker/domain/errors';
import { requireUser } from '../auth/session.server';
import { googleRedirectUri } from '../imports/google-redirect.server';
import { redirect } from '../http/redirect.server';

const EMAIL_CARD = '#integrations';

// Google's redirect back after consent: store the tokens, then either start the first
// contacts sync (Import page) or finish connecting the Email channel (Settings).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  const url = new URL(request.url);
  const code = url.searchParams.get('code');
  const state = url.searchParams.get('state');
  const forEmail = (await googlePurposeOfState(deps, user.id, state)) === 'email';
  const fail = (reason: string) =>
    redirect(
      forEmail
        ? `/settings?integration_error=${encodeURIComponent(reason)}${EMAIL_CARD}`
        : `/import?google_error=${encodeURIComponent(reason)}`,
    );
  if (!code || !state) {
    return fail(
      url.searchParams.get('error') === 'access_denied' ? 'Google access was not granted.' : 'Google did not complete the sign-in.',
    );
  }
  try {
    const { purpose, scope } = await finishGoogleConnect(deps, user.id, { code, state, redirectUri: googleRedirectUri(deps) });
    if (purpose === 'email') {
      await finishEmailConnect(deps, user.id, scope);
      return redirect(`/settings?connected=email${EMAIL_CARD}`);
    }
    const { import_id } = await startGoogleSync(deps, user.id);
    return redirect(`/import?google_import=${import_id}`);
  } catch (error) {
    if (error instanceof AppError) return fail(error.message);
    throw error;
  }
}
