import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { AppError } from '../../worker/domain/errors';
import { startGoogleContactsConnect } from '../../worker/domain/google/connect-google-contacts';
import { requireUser } from '../auth/session.server';
import { redirect } from '../http/redirect.server';
import { startChannelConnect } from '../settings/integrations/channel-oauth.server';

// "Connect Google" (Contacts, from the Import page) or "Connect email" (?for=email: the Gmail
// channel, asked for incrementally on top of what was granted before): off to Google's consent screen.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  if (new URL(request.url).searchParams.get('for') === 'email') return startChannelConnect(deps, user.id, 'gmail');
  try {
    return redirect(await startGoogleContactsConnect(deps, user.id));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return redirect(`/import?google_error=${encodeURIComponent(error.message)}`);
  }
}
