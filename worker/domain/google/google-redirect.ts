import type { Deps } from '../deps';
import { appUrl } from '../settings/app-origin';

/** Where Google sends the user back; it must match the client's registered redirect URI. */
export function googleRedirectUri(deps: Deps): string {
  return appUrl(deps.settings, '/settings/google/callback', 'Connecting Google');
}
