import { z } from 'zod';
import { AppError } from '../errors';
import type { ContactLimit } from './contact-limit';

/**
 * What a personal access token may do (issue 41 item 3, issue 47). Each scope names an area and
 * what may be done there, `area:level` or a bare area for one that has no levels; a later area
 * (`dav`, an integration's tools) is one more entry here, and every route names the one it
 * needs (worker/api/route-scopes.ts). A scope may carry others with it: writing contacts
 * without reading them would be of no use to anyone.
 */
export const SCOPES = {
  'contacts:read': {
    label: 'Read contacts and their data',
    description:
      'Contacts, their timeline, notes, reminders, tags, organizations, smart lists, the map and imports; and who you are (GET /me).',
    carries: [],
  },
  'contacts:write': {
    label: 'Change contacts and their data',
    description: 'Create, change, merge and delete contacts and everything that belongs to them; import, sync, send messages.',
    carries: ['contacts:read'],
  },
  account: {
    label: 'Manage the account',
    description:
      'Tokens, the calendar feed, the password and two-factor sign-in, sessions, exports, connected channels, settings, the activity log and deleting the account.',
    carries: [],
  },
  dav: {
    label: 'Sync contacts with a phone (CardDAV)',
    description:
      'Read and change contacts through the CardDAV address book (/dav). Held only by sync passwords made under Settings → Sync with your phone; a personal access token cannot be given it.',
    carries: [],
  },
} as const satisfies Record<string, { label: string; description: string; carries: readonly string[] }>;

export type Scope = keyof typeof SCOPES;

export const ALL_SCOPES = Object.keys(SCOPES) as Scope[];

/** A token made without a scope list: what every token could do before scopes, minus the account. */
export const DEFAULT_TOKEN_SCOPES: readonly Scope[] = ['contacts:read', 'contacts:write'];

export const scopeSchema = z.enum(ALL_SCOPES as [Scope, ...Scope[]], {
  error: `is not a scope (known: ${ALL_SCOPES.join(', ')})`,
});

/** Scopes only a sync password holds (ADR 028): the DAV layer takes nothing else, so no token is given one. */
export const APP_PASSWORD_SCOPES: readonly Scope[] = ['dav'];
const TOKEN_SCOPES = ALL_SCOPES.filter((scope) => !APP_PASSWORD_SCOPES.includes(scope));

/** The scopes a token asks for: at least one, each known and grantable to a token, none twice. */
export const scopeListSchema = z
  .array(
    z.enum(TOKEN_SCOPES as [Scope, ...Scope[]], {
      error: `is not a scope a token may hold (known: ${TOKEN_SCOPES.join(', ')}; "dav" belongs to sync passwords)`,
    }),
  )
  .min(1, 'names at least one scope')
  .max(ALL_SCOPES.length * 2)
  .refine((list) => new Set(list).size === list.length, 'names a scope twice');

/** The scopes asked for and those they carry, in the registry's order: what a token is stored with. */
export function withCarried(asked: readonly Scope[]): Scope[] {
  const held = new Set<Scope>();
  const add = (scope: Scope) => {
    if (held.has(scope)) return;
    held.add(scope);
    SCOPES[scope].carries.forEach(add);
  };
  asked.forEach(add);
  return ALL_SCOPES.filter((scope) => held.has(scope));
}

/** A stored scope list (space-separated, as OAuth writes them); a name this version does not know grants nothing. */
export function parseStoredScopes(stored: string): Scope[] {
  return withCarried(stored.split(' ').filter((name): name is Scope => name in SCOPES));
}

export const storedScopes = (scopes: readonly Scope[]) => withCarried(scopes).join(' ');

/** Who is calling: a session may do everything; a token what its scopes allow. */
export interface Caller {
  kind: 'session' | 'token' | 'app_password';
  /** The token's id (null for a session): what the token creates is recorded as its own. */
  tokenId: string | null;
  scopes: readonly Scope[];
  /** Which contacts it may see (a token's limit, ADR 035); absent or null: every contact. */
  contactLimit?: ContactLimit | null;
  /** The token's name ("Claude Desktop"): who the activity log says did it. */
  clientName?: string | null;
  /** The MCP tools it may call; absent or null: every tool its scopes allow. */
  tools?: readonly string[] | null;
  /** A connected app's grant (an OAuth access token, ADR 042): its token is for /mcp only. */
  oauthGrantId?: string | null;
}

export const SESSION_CALLER: Caller = { kind: 'session', tokenId: null, scopes: ALL_SCOPES };

/** Refuses (403 insufficient_scope, naming the scope) a caller without `needed`. */
export function assertScope(caller: Caller, needed: Scope): void {
  if (caller.scopes.includes(needed)) return;
  throw new AppError('insufficient_scope', `This access token does not have the "${needed}" scope`, {
    needed,
    granted: [...caller.scopes],
  });
}

/** Refuses a token handing out scopes it does not hold itself (a session holds them all). */
export function assertMayGrant(caller: Caller, asked: readonly Scope[]): void {
  for (const scope of withCarried(asked)) assertScope(caller, scope);
}
