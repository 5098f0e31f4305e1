import type { Caller } from '../domain/auth/scopes';
import type { PublicUser } from '../domain/auth/users';
import type { Deps } from '../domain/deps';

/** Who an MCP request is from: the token's user, what the token may do, and the user's store. */
export interface McpContext {
  deps: Deps;
  user: PublicUser;
  caller: Caller;
}
