import { redirect, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { startGoogleConnect } from '../../worker/domain/google/connect-google';
import { AppError } from '../../worker/domain/errors';
import { requireUser } from '../auth/session.server';
import { googleRedirectUri } from '../imports/google-redirect.server';

// "Connect Google": off to Google's consent screen with a fresh state and PKCE challenge.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  try {
    return redirect(await startGoogleConnect(deps, user.id, googleRedirectUri(request, deps)));
  } catch (error) {
    if (error instanceof AppError) return redirect(`/import?google_error=${encodeURIComponent(error.message)}`);
    throw error;
  }
}
