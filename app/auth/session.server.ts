import type { AppLoadContext } from '@remix-run/cloudflare';
import { assertSameOrigin } from '../../worker/api/middleware/same-origin';
import { findSessionUser, readSessionToken } from '../../worker/domain/auth/sessions';
import type { PublicUser } from '../../worker/domain/auth/users';
import { depsForUser, depsFromEnv, type Deps, type ServerDeps } from '../../worker/domain/deps';
import { AppError } from '../../worker/domain/errors';
import { redirect } from '../http/redirect.server';

/** The request's deps before a user is known: the directory, settings, queue. */
export function depsOf(context: AppLoadContext): ServerDeps {
  return depsFromEnv(context.cloudflare.env, context.dbTimer);
}

// A page load runs the loaders of its layouts and its page side by side, and each asks who
// the user is and where their data lives: a read (GET, HEAD) finds both once. A write's loaders
// run after its action, which may change the user, so they look again.
const signedInOfReads = new WeakMap<AppLoadContext, Promise<{ user: PublicUser; deps: Deps } | null>>();

function signedIn(request: Request, context: AppLoadContext): Promise<{ user: PublicUser; deps: Deps } | null> {
  const read = request.method === 'GET' || request.method === 'HEAD';
  const known = read ? signedInOfReads.get(context) : undefined;
  if (known) return known;
  const server = depsOf(context);
  const token = readSessionToken(request.headers.get('cookie'));
  const found = (async () => {
    const user = token ? await findSessionUser(server.directory.db, token) : null;
    return user ? { user, deps: await depsForUser(server, user.id) } : null;
  })();
  if (read) signedInOfReads.set(context, found);
  return found;
}

export async function getUser(request: Request, context: AppLoadContext): Promise<PublicUser | null> {
  return (await signedIn(request, context))?.user ?? null;
}

/**
 * The signed-in user, or a redirect to the login page that comes back here afterwards.
 * Writes (non-GET) must come from our own origin, as for the API.
 */
export async function requireUser(request: Request, context: AppLoadContext): Promise<{ user: PublicUser; deps: Deps }> {
  const found = await signedIn(request, context);
  if (!found) {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    try {
      assertSameOrigin(request, found.deps.settings.APP_URL);
    } catch (error) {
      if (error instanceof AppError) throw new Response(error.message, { status: 403 });
      throw error;
    }
  }
  return found;
}
