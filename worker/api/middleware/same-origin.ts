import { AppError } from '../../domain/errors';

/**
 * CSRF guard for cookie-authenticated writes: the Origin header must be the app's own
 * (APP_URL when set, else the request URL's origin). A missing Origin is refused too:
 * every browser sends it on cross-site POSTs, and our own pages send it on every write.
 */
export function assertSameOrigin(request: Request, appUrl: string | undefined): void {
  const origin = request.headers.get('origin');
  const expected = appUrl ? new URL(appUrl).origin : new URL(request.url).origin;
  if (origin !== expected) throw new AppError('forbidden', 'Cross-origin write refused');
}
