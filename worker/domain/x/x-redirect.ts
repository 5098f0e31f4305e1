import type { Deps } from '../deps';
import { appUrl } from '../settings/app-origin';

/** Where X sends the user back; it must match the X app's registered callback URL. */
export function xRedirectUri(deps: Deps): string {
  return appUrl(deps.settings, '/settings/x/callback', 'Connecting X');
}
