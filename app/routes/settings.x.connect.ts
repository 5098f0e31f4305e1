import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { requireUser } from '../auth/session.server';
import { startChannelConnect } from '../settings/integrations/channel-oauth.server';

// "Connect X": off to X's consent screen (OAuth 2.0 with PKCE).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  return startChannelConnect(deps, user.id, 'x');
}
