import type { Env } from './env';

/** Headers every page carries: no framing, no sniffing, a strict referrer policy. */
export function withSecurityHeaders(response: Response, _env: Env, timing?: string): Response {
  const headers = new Headers(response.headers);
  if (timing) headers.append('Server-Timing', timing);
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('X-Frame-Options', 'DENY');
  headers.set('Content-Security-Policy', "frame-ancestors 'none'");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
