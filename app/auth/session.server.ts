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
// the user is: a read (GET, HEAD) looks the session up once. A write's loaders run after its
// action, which may change the user, so they look again.
const usersOfReads = new WeakMap<AppLoadContext, Promise<PublicUser | null>>();

export function getUser(request: Request, context: AppLoadContext): Promise<PublicUser | null> {
  const read = request.method === 'GET' || request.method === 'HEAD';
  const known = read ? usersOfReads.get(context) : undefined;
  if (known) return known;
  const token = readSessionToken(request.headers.get('cookie'));
  const user = token ? findSessionUser(depsOf(context).directory.db, token) : Promise.resolve(null);
  if (read) usersOfReads.set(context, user);
  return user;
}

/**
 * The signed-in user, or a redirect to the login page that comes back here afterwards.
 * Writes (non-GET) must come from our own origin, as for the API.
 */
export async function requireUser(request: Request, context: AppLoadContext): Promise<{ user: PublicUser; deps: Deps }> {
  const server = depsOf(context);
  const user = await getUser(request, context);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    try {
      assertSameOrigin(request, server.settings.APP_URL);
    } catch (error) {
      if (error instanceof AppError) throw new Response(error.message, { status: 403 });
      throw error;
    }
  }
  return { user, deps: await depsForUser(server, user.id) };
}
