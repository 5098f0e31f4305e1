import type { Scope } from '../domain/auth/scopes';

/** What an operation needs: a scope of the caller's token (a session holds them all), or nothing at all. */
export type RouteAccess = Scope | 'public';

/**
 * The scope each /api/v1 operation needs, keyed "METHOD /path" as the OpenAPI document names it.
 * The one place a route declares it (the middleware reads it for every request, the OpenAPI
 * document shows it on each operation); tests/guard/route-scopes.test.ts fails for an operation
 * of the document that is missing here, and for an entry with no operation.
 */
export const ROUTE_SCOPES: Record<string, RouteAccess> = {
  // Answer without a user; each route checks its own credential, if any.
  'GET /health': 'public',
  'POST /auth/signup': 'public',
  'POST /auth/login': 'public',
  'POST /auth/login/two-factor': 'public',
  'POST /auth/login/two-factor/passkey/options': 'public',
  'POST /auth/login/two-factor/passkey': 'public',
  'POST /auth/passkey/options': 'public',
  'POST /auth/passkey': 'public',
  'POST /auth/password/forgot': 'public',
  'POST /auth/password/reset': 'public',
  'GET /digest/unsubscribe': 'public',
  'POST /digest/unsubscribe': 'public',
  'GET /calendar/{token}': 'public',
  'POST /inbound/email': 'public',

  // Who you are: every client that reads needs it.
  'GET /me': 'contacts:read',

  // The account: how one gets in, what one gets out, and settings.
  'POST /auth/logout': 'account',
  'POST /auth/logout-everywhere': 'account',
  'PATCH /me': 'account',
  'DELETE /me': 'account',
  'POST /me/password': 'account',
  'GET /me/sessions': 'account',
  'DELETE /me/sessions/{id}': 'account',
  'GET /me/two-factor': 'account',
  'POST /me/two-factor/setup': 'account',
  'POST /me/two-factor/enable': 'account',
  'POST /me/two-factor/disable': 'account',
  'POST /me/two-factor/recovery-codes': 'account',
  'GET /me/passkeys': 'account',
  'POST /me/passkeys/options': 'account',
  'POST /me/passkeys': 'account',
  'PATCH /me/passkeys/{id}': 'account',
  'DELETE /me/passkeys/{id}': 'account',
  'POST /tokens': 'account',
  'GET /tokens': 'account',
  'DELETE /tokens/{id}': 'account',
  'DELETE /tokens': 'account',
  'POST /app-passwords': 'account',
  'GET /app-passwords': 'account',
  'DELETE /app-passwords/{id}': 'account',
  'GET /connected-apps': 'account',
  'DELETE /connected-apps/{id}': 'account',
  'GET /push': 'account',
  'PATCH /push': 'account',
  'POST /push/devices': 'account',
  'DELETE /push/devices/{id}': 'account',
  'GET /export.json': 'account',
  'GET /backup': 'account',
  'GET /contacts/export.vcf': 'account',
  'GET /contacts/export.csv': 'account',
  'GET /settings/keep-in-touch': 'account',
  'PATCH /settings/keep-in-touch': 'account',
  'GET /settings/life-events': 'account',
  'PATCH /settings/life-events': 'account',
  'POST /settings/calendar-feed': 'account',
  'DELETE /settings/calendar-feed': 'account',
  'GET /integrations': 'account',
  'POST /integrations/telegram/login': 'account',
  'POST /integrations/telegram/code': 'account',
  'POST /integrations/telegram/password': 'account',
  'GET /integrations/telegram/settings': 'account',
  'PUT /integrations/telegram/settings': 'account',
  'DELETE /integrations/{channel}': 'account',
  'GET /admin/dead-letters': 'account',
  'POST /admin/dead-letters/{id}/replay': 'account',
  'DELETE /admin/dead-letters/{id}': 'account',
  'GET /audit-log': 'account',
  // Webhooks send contact data out of Kith: managing them is the account's business.
  'GET /webhooks': 'account',
  'POST /webhooks': 'account',
  'GET /webhooks/{id}': 'account',
  'PATCH /webhooks/{id}': 'account',
  'DELETE /webhooks/{id}': 'account',
  'POST /webhooks/{id}/rotate-secret': 'account',
  'POST /webhooks/{id}/test': 'account',
  'GET /webhooks/{id}/deliveries': 'account',
  'GET /webhooks/{id}/deliveries/{delivery_id}': 'account',
  'POST /webhooks/{id}/deliveries/{delivery_id}/redeliver': 'account',

  // Contacts and their data, read.
  'GET /contacts': 'contacts:read',
  'GET /contacts/ids': 'contacts:read',
  'GET /contacts/2nd-tier/count': 'contacts:read',
  'GET /contacts/map': 'contacts:read',
  'GET /contacts/map/clusters': 'contacts:read',
  'GET /map/config': 'contacts:read',
  'GET /contacts/{id}': 'contacts:read',
  'GET /contacts/{id}/dates': 'contacts:read',
  'GET /contacts/{id}/timeline': 'contacts:read',
  'GET /contacts/{id}/duplicates': 'contacts:read',
  'GET /contacts/{id}/merge-preview': 'contacts:read',
  'GET /contacts/{id}/merges': 'contacts:read',
  'GET /contacts/{id}/relationships': 'contacts:read',
  'GET /contacts/{id}/intro-paths': 'contacts:read',
  'GET /contacts/{id}/family': 'contacts:read',
  'GET /contacts/{id}/neighbourhood': 'contacts:read',
  'GET /contacts/{id}/events': 'contacts:read',
  'GET /life-events/proposals': 'contacts:read',
  'GET /contacts/{id}/events/{event_id}': 'contacts:read',
  'GET /contacts/{id}/score': 'contacts:read',
  'GET /contacts/{id}/reminders': 'contacts:read',
  'GET /contacts/{id}/sources': 'contacts:read',
  'GET /contacts/{id}/files': 'contacts:read',
  'GET /contacts/{id}/files/{file_id}': 'contacts:read',
  // A draft is text for the caller to read; sending it is a write (messages).
  'POST /contacts/{id}/draft': 'contacts:read',
  'GET /contact-photos/{hash}': 'contacts:read',
  'GET /images/remote': 'contacts:read',
  'GET /imports': 'contacts:read',
  'GET /imports/{id}': 'contacts:read',
  'GET /followups': 'contacts:read',
  'GET /organizations': 'contacts:read',
  'GET /organizations/{id}': 'contacts:read',
  'GET /organizations/{id}/contacts': 'contacts:read',
  'GET /organizations/{id}/logo': 'contacts:read',
  'GET /organizations/{id}/intro-paths': 'contacts:read',
  'GET /tags': 'contacts:read',
  'GET /smart-lists': 'contacts:read',
  'GET /home': 'contacts:read',
  'GET /agenda': 'contacts:read',
  'GET /changes': 'contacts:read',
  'GET /search-index': 'contacts:read',
  'GET /search-index/scores': 'contacts:read',

  // Contacts and their data, written.
  'POST /contacts': 'contacts:write',
  'POST /contacts/bulk': 'contacts:write',
  'DELETE /contacts/2nd-tier': 'contacts:write',
  'PATCH /contacts/{id}': 'contacts:write',
  'DELETE /contacts/{id}': 'contacts:write',
  'POST /contacts/{id}/enrich': 'contacts:write',
  'POST /contacts/{id}/extract-bio': 'contacts:write',
  'POST /contacts/{id}/dates': 'contacts:write',
  'DELETE /contacts/{id}/dates/{date_id}': 'contacts:write',
  'POST /contacts/{id}/notes': 'contacts:write',
  'POST /contacts/{id}/meetings': 'contacts:write',
  'POST /contacts/{id}/interactions': 'contacts:write',
  'POST /contacts/{id}/duplicates/{other_id}/dismiss': 'contacts:write',
  'POST /contacts/{id}/merge': 'contacts:write',
  'POST /merges/{id}/unmerge': 'contacts:write',
  'POST /contacts/{id}/relationships': 'contacts:write',
  'PATCH /contacts/{id}/relationships/{relationship_id}': 'contacts:write',
  'DELETE /contacts/{id}/relationships/{relationship_id}': 'contacts:write',
  'POST /contacts/{id}/events': 'contacts:write',
  'POST /life-events/proposals/{id}/accept': 'contacts:write',
  'POST /life-events/proposals/{id}/dismiss': 'contacts:write',
  'PATCH /contacts/{id}/events/{event_id}': 'contacts:write',
  'DELETE /contacts/{id}/events/{event_id}': 'contacts:write',
  'POST /contacts/{id}/files': 'contacts:write',
  'DELETE /contacts/{id}/files/{file_id}': 'contacts:write',
  'POST /contacts/{id}/sync': 'contacts:write',
  'POST /contacts/{id}/messages': 'contacts:write',
  'POST /contacts/{id}/reminders': 'contacts:write',
  'PATCH /interactions/{id}': 'contacts:write',
  'DELETE /interactions/{id}': 'contacts:write',
  'PATCH /reminders/{id}': 'contacts:write',
  'DELETE /reminders/{id}': 'contacts:write',
  'POST /agenda/{type}/{id}/done': 'contacts:write',
  'POST /agenda/{type}/{id}/dismiss': 'contacts:write',
  'POST /agenda/{type}/{id}/snooze': 'contacts:write',
  'POST /followups/{id}/dismiss': 'contacts:write',
  'POST /followups/{id}/snooze': 'contacts:write',
  'POST /organizations': 'contacts:write',
  'PATCH /organizations/{id}': 'contacts:write',
  'POST /organizations/{id}/merge': 'contacts:write',
  'DELETE /organizations/{id}': 'contacts:write',
  'PATCH /tags/{tag}': 'contacts:write',
  'DELETE /tags/{tag}': 'contacts:write',
  'POST /smart-lists': 'contacts:write',
  'PATCH /smart-lists/{id}': 'contacts:write',
  'DELETE /smart-lists/{id}': 'contacts:write',
  'POST /imports/csv/preview': 'contacts:write',
  'POST /imports/csv': 'contacts:write',
  'POST /imports/linkedin': 'contacts:write',
  'POST /imports/vcard': 'contacts:write',
  'POST /imports/monica': 'contacts:write',
  'POST /imports/{id}/cancel': 'contacts:write',
  // A restore writes the account's settings too, not only contacts.
  'POST /imports/backup': 'account',
  'POST /sync/google-contacts': 'contacts:write',
  'POST /integrations/gmail/sync': 'contacts:write',
  'POST /integrations/x/sync': 'contacts:write',
  'POST /integrations/telegram/sync': 'contacts:write',
  'POST /admin/geocode/backfill': 'contacts:write',
  // The browser extension: it writes LinkedIn conversations and sends queued messages.
  'POST /extension/linkedin/conversations': 'contacts:write',
  'POST /extension/linkedin/outbox/claim': 'contacts:write',
  'POST /extension/linkedin/outbox/{id}/result': 'contacts:write',
};

/**
 * Operations no access token may use, whatever its scopes: each adds a way in or a factor that
 * would outlive the token (a passkey, a sync password, a device with notifications) or could keep
 * the owner out (two-factor with a secret only the token's holder knows). A signed-in browser
 * makes them; a token is refused with 403 `forbidden` (`details.needed: "session"`) (docs/decisions/050).
 */
export const SESSION_ONLY: ReadonlySet<string> = new Set([
  'POST /me/two-factor/setup',
  'POST /me/two-factor/enable',
  'POST /me/passkeys/options',
  'POST /me/passkeys',
  'POST /app-passwords',
  'POST /push/devices',
]);

/**
 * Operations a token limited to some contacts may not use, even with `account` (ADR 083, amended),
 * found by pattern so a new route of the kind is held without a word: what runs over the whole
 * account (syncs, /admin), what the owner has connected (every write under /integrations:
 * connecting, settings, disconnecting, syncs), the account's credentials (tokens, OAuth grants,
 * app passwords, sessions, passkeys, two-factor, the password, signing out everywhere, the account
 * itself) and what receives the whole agenda. A limited token is for an agent that works on some
 * people; these reach all of them, change what works for all of them, or make another way in.
 */
export const OWNERS_ALONE: readonly { operations: RegExp; what: string }[] = [
  {
    operations: /^\S+ \/(sync|admin)\//,
    what: 'run or read the whole account: a sync writes to every contact, the failed jobs name them and rerun syncs, the geocoding backfill counts them',
  },
  {
    operations: /^(POST|PUT|PATCH|DELETE) \/integrations\//,
    what: "change what the owner has connected: a channel's connection and settings serve every contact",
  },
  {
    operations:
      /^\S+ \/(tokens|connected-apps|app-passwords)(\/|$)|^\S+ \/me\/(sessions|passkeys|two-factor|password)(\/|$)|^DELETE \/me$|^POST \/auth\/logout-everywhere$/,
    what: "see, make or revoke the account's credentials: another token or app would not be held to this one's limit",
  },
  {
    // The secret calendar feed and a push device both carry the owner's whole agenda: every
    // contact's reminders, the hidden ones too.
    operations: /^\S+ \/settings\/calendar-feed$|^(POST|PUT|PATCH|DELETE) \/push(\/|$)/,
    what: "make or change a feed or device that receives the owner's whole agenda, every contact's reminders included",
  },
];
