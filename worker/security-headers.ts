import { getSettings, type Env } from './env';

const MAPBOX = ['https://api.mapbox.com', 'https://events.mapbox.com', 'https://*.tiles.mapbox.com'];

/** A fresh nonce for each page's inline scripts. */
export function newCspNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

function originOf(url: string | undefined): string | null {
  if (!url || !/^https?:/i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The one stylesheet a library writes into the page without a nonce: the toasts' (sonner),
 * allowed by its hash, and the empty <style> it appends just before filling it.
 * tests/guard/page-csp-sources.test.ts recomputes both from the installed package, so an
 * upgrade that changes the stylesheet fails there before its toasts go unstyled.
 */
export const TOASTS_STYLESHEET_HASHES = [
  "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
  "'sha256-StEaX+se6YS7pqjzrzMIA0KaX9zF/8zAhvQXZAe5epY='",
];

/** Where browsers send what the policy blocked (worker/csp-reports.ts). */
export const CSP_REPORT_PATH = '/csp-reports';

/**
 * The Content-Security-Policy of every page: scripts only from our origin or with this
 * response's nonce; stylesheets from our origin, with the nonce (a dialog's scroll lock) or
 * the toasts' hash, and no style attributes; images only from our origin (pictures on other
 * sites come through GET /api/v1/images/remote), data: and blob:; connections to our origin
 * and Mapbox (plus the configured map style's host); mapbox-gl's workers from blob:; no
 * framing, no plugins; what is blocked is reported to CSP_REPORT_PATH.
 */
export function contentSecurityPolicy(env: Env, nonce: string, formTarget: string | null = null): string {
  const style = originOf(getSettings(env).MAP_STYLE_URL);
  const connect = ["'self'", ...MAPBOX, ...(style ? [style] : [])].join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}' ${TOASTS_STYLESHEET_HASHES.join(' ')}`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    "worker-src 'self' blob:",
    'child-src blob:',
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${formTarget ? ` ${formTarget}` : ''}`,
    "frame-ancestors 'none'",
    `report-uri ${CSP_REPORT_PATH}`,
    'report-to csp',
  ].join('; ');
}

/**
 * Where one page's form may send the browser besides Kith: the OAuth consent page answers Allow
 * with a 303 to the app's redirect URI, which `form-action 'self'` would block. The page names
 * that origin (or app scheme) in this header; it never leaves the server.
 */
export const FORM_TARGET_HEADER = 'x-kith-form-action';
const FORM_TARGET = /^(https?:\/\/[a-z0-9.-]+(:\d{1,5})?|http:\/\/\[::1\](:\d{1,5})?|[a-z][a-z0-9+.-]*:)$/i;

/** Headers every page carries: CSP, no framing, no sniffing, no caching unless the route says so, a strict referrer policy. */
export function withSecurityHeaders(request: Request, response: Response, env: Env, nonce: string, timing?: string): Response {
  const headers = new Headers(response.headers);
  if (timing) headers.append('Server-Timing', timing);
  const formTarget = headers.get(FORM_TARGET_HEADER);
  headers.delete(FORM_TARGET_HEADER);
  headers.set('Content-Security-Policy', contentSecurityPolicy(env, nonce, formTarget && FORM_TARGET.test(formTarget) ? formTarget : null));
  headers.set('Reporting-Endpoints', `csp="${new URL(CSP_REPORT_PATH, request.url).href}"`);
  headers.set('X-Content-Type-Options', 'nosniff');
  // Pages show the signed-in user's data: kept out of the browser's and any shared cache.
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('X-Frame-Options', 'DENY');
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(self)');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

const STRICT_TRANSPORT = 'max-age=63072000; includeSubDomains';

/**
 * HSTS on every answer over https, whoever made it: the pages, the API, the agents' OAuth and
 * MCP endpoints, CardDAV and the CSP reports. A client that first reaches Kith through the API
 * or its phone's address book (and never a page) is held to https as a browser is.
 */
export function withTransportSecurity(request: Request, response: Response): Response {
  if (new URL(request.url).protocol !== 'https:' || response.status === 101) return response;
  const headers = new Headers(response.headers);
  headers.set('Strict-Transport-Security', STRICT_TRANSPORT);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
