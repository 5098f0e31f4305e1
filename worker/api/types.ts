import type { PublicUser } from '../domain/auth/users';
import type { Deps } from '../domain/deps';
import type { Env } from '../env';

export interface AppEnv {
  Bindings: Env;
  Variables: {
    deps: Deps;
    user: PublicUser;
    authKind: 'session' | 'token';
    sessionToken?: string;
  };
}
