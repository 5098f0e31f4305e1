import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { startGoogleConnect } from '../../worker/domain/google/connect-google';
import { AppError } from '../../worker/domain/errors';
import { requireUser } from '../auth/session.server';
import { googleRedirectUri } from '../imports/google-redirect.server';
import { redirect } from '../http/redirect.server';

// "Connect Google" (Contacts) or "Connect email" (?for=email: Gmail and Calendar, asked for
// incrementally on top of what was granted before): off to Google's consent screen.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  const forEmail = new URL(request.url).searchParams.get('for') === 'email';
  try {
    return redirect(await startGoogleConnect(deps, user.id, googleRedirectUri(deps), forEmail ? 'email' : 'contacts'));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return redirect(
      forEmail
        ? `/settings?integration_error=${encodeURIComponent(error.message)}#integrations`
        : `/import?google_error=${encodeURIComponent(error.message)}`,
    );
  }
}
