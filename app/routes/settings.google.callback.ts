import { redirect, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { finishGoogleConnect } from '../../worker/domain/google/connect-google';
import { startGoogleSync } from '../../worker/domain/google/sync-google-contacts';
import { AppError } from '../../worker/domain/errors';
import { requireUser } from '../auth/session.server';
import { googleRedirectUri } from '../imports/google-redirect.server';

// Google's redirect back after consent: store the tokens, start the first sync, show it.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  const url = new URL(request.url);
  const code = url.searchParams.get('code');
  const state = url.searchParams.get('state');
  if (!code || !state) {
    const reason = url.searchParams.get('error') === 'access_denied' ? 'Google access was not granted.' : 'Google did not complete the sign-in.';
    return redirect(`/import?google_error=${encodeURIComponent(reason)}`);
  }
  try {
    await finishGoogleConnect(deps, user.id, { code, state, redirectUri: googleRedirectUri(request, deps) });
    const { import_id } = await startGoogleSync(deps, user.id);
    return redirect(`/import?google_import=${import_id}`);
  } catch (error) {
    if (error instanceof AppError) return redirect(`/import?google_error=${encodeURIComponent(error.message)}`);
    throw error;
  }
}
