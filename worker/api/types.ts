import type { Caller } from '../domain/auth/scopes';
import type { PublicUser } from '../domain/auth/users';
import type { Deps, ServerDeps } from '../domain/deps';
import type { Env } from '../env';

export interface AppEnv {
  Bindings: Env;
  Variables: {
    /** Set for every request: the directory, settings, queue. */
    server: ServerDeps;
    /** Set once the caller is known (authenticate): with the user's store. */
    deps: Deps;
    user: PublicUser;
    /** What the credential may do: a session everything, a token its scopes. */
    caller: Caller;
    authKind: 'session' | 'token';
    sessionToken?: string;
  };
}
