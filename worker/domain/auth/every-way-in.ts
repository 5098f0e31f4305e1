import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/client';
import { nowIso, sha256Hex } from '../../db/columns';
import type { UserStore } from '../../db/stores';
import type { Deps } from '../deps';
import { endAppPasswords } from '../dav/app-password-queries';
import { endCalendarFeed } from '../keep-in-touch/keep-in-touch-settings-queries';
import { stopMonicaImportsHoldingTokens } from '../monica/monica-queries';
import { endPushSubscriptions } from '../push/push-subscription-queries';
import { deleteEndpointsMadeBy } from '../webhooks/webhook-endpoint-queries';
import { endCodes, endGrants, endGrantTokens } from '../mcp-oauth/oauth-queries';
import { endApiTokens, endLoginChallenges, endResetLinks, endSessions, forgetKnownDevices } from './every-way-in-queries';

// Every credential that opens any part of an account, wherever it is stored, in ONE list: a
// password reset, "log out everywhere" and account deletion end them all through
// `endEveryWayIn`, and answer what they ended. A new way in (app passwords for DAV, push
// subscriptions) is added here, and every one of those paths ends it (docs/decisions/007).

type Statement = BatchItem<'sqlite'>;

interface DirectoryWayIn {
  /** A statement on the directory that deletes this way in and returns one row per credential. */
  directory: (db: Db, userId: string, keepSessionId: string) => Statement;
}
interface StoreWayIn {
  /** Ends this way in on the user's own database; answers how many credentials it ended. */
  store: (store: UserStore) => Promise<number>;
}

export const WAYS_IN = {
  sessions: { directory: endSessions },
  api_tokens: { directory: (db, userId) => endApiTokens(db, userId) },
  // Phones' CardDAV accounts (ADR 028).
  app_passwords: { directory: (db, userId) => endAppPasswords(db, userId) },
  // Connected apps (OAuth for MCP clients, ADR 042): the grants with their refresh tokens, their
  // access tokens, and codes not yet exchanged.
  connected_apps: { directory: (db, userId) => endGrants(db, userId) },
  connected_app_tokens: { directory: (db, userId) => endGrantTokens(db, userId) },
  authorization_codes: { directory: (db, userId) => endCodes(db, userId) },
  two_factor_challenges: { directory: (db, userId) => endLoginChallenges(db, userId) },
  reset_links: { directory: (db, userId) => endResetLinks(db, userId) },
  // Not a way in by itself, but it lets its holder past the sign-in slowdown (ADR 007).
  known_devices: { directory: (db, userId) => forgetKnownDevices(db, userId) },
  calendar_feed: { store: async (store) => (await endCalendarFeed(store.db, store.userId)).length },
  // Devices' notifications (ADR 034): reminders about the account's people reach them.
  push_subscriptions: { store: endPushSubscriptions },
  // What a token made dies with it (ADR 050): every token ends above, so its webhooks end here.
  token_webhooks: { store: (store) => deleteEndpointsMadeBy(store, 'any') },
  // A Monica import's sealed token (ADR 039): a way into the user's other CRM that Kith holds
  // while the import runs, for whoever started it.
  monica_imports: { store: (store) => stopMonicaImportsHoldingTokens(store.d1, store.userId, nowIso()) },
} satisfies Record<string, DirectoryWayIn | StoreWayIn>;

export type WayIn = keyof typeof WAYS_IN;
/** How many credentials of each kind were ended. */
export type EndedWaysIn = Record<WayIn, number>;

const rowsOf = (result: unknown) => (Array.isArray(result) ? result.length : 0);

/**
 * Ends every way into the user's account: the directory's in one batch (after `first`, e.g. the
 * new password hash, so the two cannot part), then the user store's. `keepSessionToken` spares
 * the session asking ("log out everywhere, but not here").
 */
export async function endEveryWayIn(
  deps: Pick<Deps, 'directory' | 'store'>,
  options: { keepSessionToken?: string; first?: Statement[] } = {},
): Promise<EndedWaysIn> {
  const db = deps.directory.db;
  const userId = deps.store.userId;
  const keep = options.keepSessionToken ? await sha256Hex(options.keepSessionToken) : '';
  const first = options.first ?? [];
  const entries = Object.entries(WAYS_IN) as [WayIn, DirectoryWayIn | StoreWayIn][];
  const onDirectory = entries.filter((e): e is [WayIn, DirectoryWayIn] => 'directory' in e[1]);
  const statements = [...first, ...onDirectory.map(([, way]) => way.directory(db, userId, keep))];
  const results = await db.batch(statements as [Statement, ...Statement[]]);
  const ended = {} as EndedWaysIn;
  onDirectory.forEach(([name], i) => (ended[name] = rowsOf(results[first.length + i])));
  for (const [name, way] of entries) if ('store' in way) ended[name] = await way.store(deps.store);
  return ended;
}

const WORDS: Record<WayIn, [string, string] | null> = {
  sessions: ['signed-in session', 'signed-in sessions'],
  api_tokens: ['personal access token', 'personal access tokens'],
  app_passwords: ['sync password', 'sync passwords'],
  connected_apps: ['connected app', 'connected apps'],
  connected_app_tokens: null,
  authorization_codes: null,
  calendar_feed: ['calendar feed link', 'calendar feed links'],
  push_subscriptions: ['device with notifications', 'devices with notifications'],
  token_webhooks: ['webhook a token registered', 'webhooks tokens registered'],
  monica_imports: ['Monica import still running', 'Monica imports still running'],
  // Internal steps of ways in already counted: not worth the reader's attention.
  two_factor_challenges: null,
  reset_links: ['unused reset link', 'unused reset links'],
  known_devices: null,
};

/** What was ended, in one sentence for a page ("Ended 2 signed-in sessions and 1 personal access token."). */
export function describeEnded(ended: Partial<EndedWaysIn>): string {
  const parts = (Object.keys(WORDS) as WayIn[]).flatMap((name) => {
    const words = WORDS[name];
    const n = ended[name] ?? 0;
    return words && n > 0 ? [`${n} ${n === 1 ? words[0] : words[1]}`] : [];
  });
  if (parts.length === 0) return 'Nothing else was signed in.';
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `Ended ${list}.`;
}
