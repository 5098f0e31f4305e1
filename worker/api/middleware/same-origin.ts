import { AppError } from '../../domain/errors';
import { appOrigin } from '../../domain/settings/app-origin';

/**
 * Whether a browser's Origin header names the app itself: APP_URL's origin, or the origin
 * the request was addressed to. Comparing with the request's own origin is safe, unlike
 * building a link from it (docs/decisions/007): a browser sends a site's cookies only to
 * that site's host, so a request with a forged Host carries no victim's cookies. Accepting
 * both keeps local runs working at localhost and 127.0.0.1 alike.
 */
export function isOwnOrigin(origin: string | null, request: Request, appUrl: string | undefined): boolean {
  if (!origin) return false;
  return origin === new URL(request.url).origin || origin === appOrigin({ APP_URL: appUrl });
}

/**
 * CSRF guard for cookie-authenticated writes: the Origin header must be the app's own.
 * A missing Origin is refused too: every browser sends it on cross-site POSTs, and our own
 * pages send it on every write.
 */
export function assertSameOrigin(request: Request, appUrl: string | undefined): void {
  if (!isOwnOrigin(request.headers.get('origin'), request, appUrl)) throw new AppError('forbidden', 'Cross-origin write refused');
}
