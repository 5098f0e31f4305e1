import { davServerUrl } from './dav-paths';
import { davError } from './dav-responses';

// Issue 42: "Basic auth over the app's origin only" (ADR 059). A sync password is taken only at
// the address Settings gives the phone (APP_URL's origin when set): a request to another host
// name the Worker answers on (a workers.dev or preview address, plain http beside https) is told
// where to sync instead, before its credentials are looked at. And a request a web page of
// another site makes (a browser sends its Origin) is refused, so credentials a browser remembered
// for Kith cannot be spent by someone else's page. Phones' CardDAV clients send no Origin.

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Local runs answer at localhost and 127.0.0.1 alike (same-origin.ts does the same for writes). */
function sameOrigin(a: URL, b: URL): boolean {
  if (a.origin === b.origin) return true;
  return a.protocol === b.protocol && a.port === b.port && LOOPBACK.has(a.hostname) && LOOPBACK.has(b.hostname);
}

/** The refusal of a DAV request not addressed to the app's own origin, or null to go on. */
export function offOrigin(request: Request, appUrl: string | undefined): Response | null {
  const url = new URL(request.url);
  const app = appUrl ? new URL(appUrl) : url;
  if (!sameOrigin(url, app))
    return davError(421, `This address does not take sync passwords: add the account with the server ${davServerUrl(appUrl, request.url)}`);
  const origin = request.headers.get('origin');
  let from: URL | null = null;
  try {
    from = origin ? new URL(origin) : null;
  } catch {
    from = new URL('null:');
  }
  if (from && !sameOrigin(from, app)) return davError(403, 'This request came from a page on another website, so Kith did not answer it');
  return null;
}
