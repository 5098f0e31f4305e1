import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { AppError } from '../../worker/domain/errors';
import { finishXConnect } from '../../worker/domain/x/connect-x';
import { requireUser } from '../auth/session.server';
import { xRedirectUri } from '../settings/integrations/x-redirect.server';
import { redirect } from '../http/redirect.server';

const fail = (reason: string) => redirect(`/settings?integration_error=${encodeURIComponent(reason)}#integrations`);

// X's redirect back after consent: store the tokens and start the first DM sync.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  const url = new URL(request.url);
  const code = url.searchParams.get('code');
  const state = url.searchParams.get('state');
  if (!code || !state)
    return fail(url.searchParams.get('error') === 'access_denied' ? 'X access was not granted.' : 'X did not complete the sign-in.');
  try {
    await finishXConnect(deps, user.id, { code, state, redirectUri: xRedirectUri(deps) });
    return redirect('/settings?connected=x#integrations');
  } catch (error) {
    if (error instanceof AppError) return fail(error.message);
    throw error;
  }
}
