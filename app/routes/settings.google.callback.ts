import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { AppError } from '../../worker/domain/errors';
import { googlePurposeOfState } from '../../worker/domain/google/connect-google';
import { finishGoogleContactsConnect } from '../../worker/domain/google/connect-google-contacts';
import { oauthCallbackOf } from '../../worker/domain/oauth/oauth-callback';
import { requireUser } from '../auth/session.server';
import { redirect } from '../http/redirect.server';
import { finishChannelConnect } from '../settings/integrations/channel-oauth.server';

// Google's redirect back after consent (the one redirect URI registered with Google): either
// finish connecting the Email channel (Settings) or start the first contacts sync (Import page).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  const callback = oauthCallbackOf(new URL(request.url));
  if ((await googlePurposeOfState(deps, user.id, callback.state)) === 'email')
    return finishChannelConnect(deps, user.id, 'gmail', callback);
  try {
    const { import_id } = await finishGoogleContactsConnect(deps, user.id, callback);
    return redirect(`/import?google_import=${import_id}`);
  } catch (error) {
    if (error instanceof AppError) return redirect(`/import?google_error=${encodeURIComponent(error.message)}`);
    throw error;
  }
}
