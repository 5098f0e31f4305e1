import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { oauthCallbackOf } from '../../worker/domain/oauth/oauth-callback';
import { requireUser } from '../auth/session.server';
import { finishChannelConnect } from '../settings/integrations/channel-oauth.server';

// X's redirect back after consent (the callback URL registered with X): store the tokens and
// start the first DM sync.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  return finishChannelConnect(deps, user.id, 'x', oauthCallbackOf(new URL(request.url)));
}
