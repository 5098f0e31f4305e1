// Which redirect URIs a client may register (OAuth 2.1 §2.3.1, RFC 8252 for native apps):
// https anywhere, http only to this machine (a desktop client's loopback listener), or an
// app's own scheme ("cursor://…"). Never a scheme a browser runs or reads from itself.

import { hasNoDirectionMarks, isSingleLineText } from '../text-rules';

const REFUSED_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:', 'ws:', 'wss:', 'ftp:', 'filesystem:']);
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
export const REDIRECT_URI_MAX = 2000;

/** Why `uri` cannot be a redirect URI, or null when it can. */
export function redirectUriProblem(uri: string): string | null {
  if (uri.length > REDIRECT_URI_MAX) return `is longer than ${REDIRECT_URI_MAX} characters`;
  // The URL parser drops tabs and line breaks, so the URI shown and the one matched would differ.
  if (!isSingleLineText(uri) || !hasNoDirectionMarks(uri))
    return 'holds control characters, line breaks or marks that change the direction of text';
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'is not an absolute URI';
  }
  if (url.hash || uri.includes('#')) return 'has a fragment (#…), which OAuth forbids';
  if (url.username || url.password) return 'carries a user name or password';
  if (REFUSED_SCHEMES.has(url.protocol)) return `uses ${url.protocol}, which cannot receive a code`;
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname))
    return 'uses http to another machine: use https (http is only for localhost)';
  return null;
}

/** The origin a browser is sent to, for the consent page's form-action ("https://claude.ai", "cursor:"). */
export function redirectTarget(uri: string): string {
  const url = new URL(uri);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : url.protocol;
}
