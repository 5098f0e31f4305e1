import type { Deps } from '../../../worker/domain/deps';

/** Where X sends the user back; it must match the X app's registered callback URL. */
export function xRedirectUri(request: Request, deps: Deps): string {
  const origin = deps.settings.APP_URL ? new URL(deps.settings.APP_URL).origin : new URL(request.url).origin;
  return `${origin}/settings/x/callback`;
}
