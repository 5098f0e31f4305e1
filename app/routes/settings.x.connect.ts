import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { AppError } from '../../worker/domain/errors';
import { startXConnect } from '../../worker/domain/x/connect-x';
import { requireUser } from '../auth/session.server';
import { xRedirectUri } from '../settings/integrations/x-redirect.server';
import { redirect } from '../http/redirect.server';

// "Connect X": off to X's consent screen (OAuth 2.0 with PKCE).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  try {
    return redirect(await startXConnect(deps, user.id, xRedirectUri(deps)));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return redirect(`/settings?integration_error=${encodeURIComponent(error.message)}#integrations`);
  }
}
