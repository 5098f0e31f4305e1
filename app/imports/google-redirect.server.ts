import type { Deps } from '../../worker/domain/deps';

/** Where Google sends the user back; it must match the client's registered redirect URI. */
export function googleRedirectUri(request: Request, deps: Deps): string {
  const origin = deps.settings.APP_URL ? new URL(deps.settings.APP_URL).origin : new URL(request.url).origin;
  return `${origin}/settings/google/callback`;
}
