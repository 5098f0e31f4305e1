import type { ServerBuild } from '@remix-run/cloudflare';
import { isOwnOrigin } from './api/middleware/same-origin';

/**
 * Requests to pages that Kith refuses before any route code runs. Without this, Remix's own
 * CSRF check throws a plain Error on a cross-origin form post (a 500), and a PUT, PATCH or
 * DELETE reaches an action written for POST forms.
 */
export interface PageRefusal {
  status: 403 | 405;
  statusText: string;
  message: string;
}

/** Pages are read with GET (HEAD) and written with POST forms; nothing else. */
export const PAGE_METHODS = ['GET', 'HEAD', 'POST'];

function sameOrigin(origin: string, request: Request, appUrl: string | undefined): boolean {
  let sent: URL;
  try {
    sent = new URL(origin);
  } catch {
    return false;
  }
  // Remix compares the Origin's host with X-Forwarded-Host or Host; both must agree.
  const host = request.headers.get('x-forwarded-host')?.split(',')[0]?.trim() || request.headers.get('host') || new URL(request.url).host;
  return isOwnOrigin(sent.origin, request, appUrl) && sent.host === host;
}

/** Why this page request is refused, or null. A write without Origin is left to the actions' own guard. */
export function pageRefusal(request: Request, appUrl: string | undefined): PageRefusal | null {
  if (!PAGE_METHODS.includes(request.method)) {
    return {
      status: 405,
      statusText: 'Method Not Allowed',
      message: `Pages in Kith are opened and sent as forms; a ${request.method.slice(0, 20)} request does nothing here.`,
    };
  }
  if (request.method !== 'POST') return null;
  const origin = request.headers.get('origin');
  if (origin === null || sameOrigin(origin, request, appUrl)) return null;
  return {
    status: 403,
    statusText: 'Forbidden',
    message: 'This form was sent from another website, so Kith did not act on it. Open Kith and try again from there.',
  };
}

/**
 * The request Remix gets. A refused write loses its Origin header, so Remix's own check does
 * not throw and the guarded action below answers instead; a same-origin write without a Host
 * header (only in tests) gets one from its URL, which Remix's check needs.
 */
export function requestForRemix(request: Request, refusal: PageRefusal | null): Request {
  const headers = new Headers(request.headers);
  if (refusal) headers.delete('origin');
  else if (request.method === 'GET' || request.method === 'HEAD' || headers.has('host') || headers.has('x-forwarded-host')) return request;
  else headers.set('host', new URL(request.url).host);
  return new Request(request, { headers });
}

/**
 * Every route action, guarded: a refused request throws its refusal as a Response, which the
 * root ErrorBoundary renders as the app's error page (or Remix hands to the client's).
 */
export function withGuardedActions(build: ServerBuild): ServerBuild {
  const routes: ServerBuild['routes'] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const action = route.module.action;
    routes[id] = !action
      ? route
      : {
          ...route,
          module: {
            ...route.module,
            action: (args) => {
              const refusal = args.context.pageRefusal;
              if (refusal) throw new Response(refusal.message, { status: refusal.status, statusText: refusal.statusText });
              return action(args);
            },
          },
        };
  }
  return { ...build, routes };
}
