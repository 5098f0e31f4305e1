// The account's security events (issue 41 item 7): what each kind says in the activity log,
// and which ones are also mailed to the owner. Kept apart from the code that records them so
// the activity log's summary can read it without importing the queue or the database.

/** What a security event may carry: never a secret, a token, a code or a full address. */
export interface SecurityEventDetail {
  /** The browser and system, from the user agent ("Firefox on Linux"). */
  device?: string;
  /** The client's network address, masked ("203.0.113.x"). */
  address?: string;
  /** The name the user gave a token, app password or passkey. */
  name?: string;
  /** A token's or app password's scopes. */
  scopes?: string[];
  /** What an export held (json, vcard, csv). */
  format?: string;
  /** How many things one event ended (tokens a revocation took with it). */
  count?: number;
}

interface KindRule {
  /** The activity log's line; `d` is the stored detail. */
  words: (d: SecurityEventDetail) => string;
  /** Also emailed to the account's owner (the events an attacker would cause and hide). */
  alert: (d: SecurityEventDetail) => boolean;
}

const named = (d: SecurityEventDetail) => (d.name ? ` “${d.name}”` : '');
const never = () => false;
const always = () => true;

export const SECURITY_EVENTS = {
  'sign_in.new_device': {
    words: (d) => `Signed in from a new device${d.device ? ` (${d.device}${d.address ? `, ${d.address}` : ''})` : ''}`,
    alert: always,
  },
  'password.changed': { words: () => 'Changed the password', alert: always },
  'password.reset': { words: () => 'Reset the password with an emailed link; every way in was ended', alert: always },
  'two_factor.enabled': { words: () => 'Turned on two-factor authentication', alert: never },
  'two_factor.disabled': { words: () => 'Turned off two-factor authentication', alert: always },
  'two_factor.recovery_codes_replaced': { words: () => 'Replaced the two-factor recovery codes', alert: never },
  'token.created': {
    words: (d) => `Created personal access token${named(d)}${d.scopes?.length ? ` (${d.scopes.join(', ')})` : ''}`,
    alert: (d) => Boolean(d.scopes?.includes('account')),
  },
  'token.revoked': {
    words: (d) => `Revoked personal access token${named(d)}${d.count && d.count > 1 ? ` and ${d.count - 1} it created` : ''}`,
    alert: never,
  },
  'calendar_feed.created': { words: () => 'Created a calendar feed link', alert: never },
  'calendar_feed.revoked': { words: () => 'Turned off the calendar feed link', alert: never },
  'export.downloaded': { words: (d) => `Downloaded an export${d.format ? ` (${d.format})` : ''}`, alert: never },
  'app_password.created': { words: (d) => `Created app password${named(d)}`, alert: never },
  'app_password.revoked': { words: (d) => `Revoked app password${named(d)}`, alert: never },
  'passkey.added': { words: (d) => `Added passkey${named(d)}`, alert: always },
  'passkey.removed': { words: (d) => `Removed passkey${named(d)}`, alert: never },
  // Connected apps (OAuth for MCP clients, ADR 042).
  'app.connected': {
    words: (d) => `Allowed the app${named(d)} to reach your contacts${d.scopes?.length ? ` (${d.scopes.join(', ')})` : ''}`,
    alert: always,
  },
  'app.disconnected': { words: (d) => `Disconnected the app${named(d)}`, alert: never },
  'app.revoked': { words: (d) => `The app${named(d)} disconnected itself (it revoked its token)`, alert: never },
  'app.token_replayed': {
    words: (d) => `Disconnected the app${named(d)}: a used sign-in code or refresh token of it was presented again`,
    alert: always,
  },
} satisfies Record<string, KindRule>;

export type SecurityEventKind = keyof typeof SECURITY_EVENTS;

/** Security events are audit records whose action starts with this. */
export const SECURITY_ACTION_PREFIX = 'security.';

export function securityKindOf(action: string): SecurityEventKind | null {
  if (!action.startsWith(SECURITY_ACTION_PREFIX)) return null;
  const kind = action.slice(SECURITY_ACTION_PREFIX.length);
  return Object.hasOwn(SECURITY_EVENTS, kind) ? (kind as SecurityEventKind) : null;
}

export function securityEventWords(kind: SecurityEventKind, detail: SecurityEventDetail): string {
  return SECURITY_EVENTS[kind].words(detail);
}

export function isAlerted(kind: SecurityEventKind, detail: SecurityEventDetail): boolean {
  return SECURITY_EVENTS[kind].alert(detail);
}
