import type { Attacker, Victim } from './victim';

/**
 * What user B may get when aiming at user A's data:
 * - `denied`: 404 not_found (or 403 forbidden), in the error envelope;
 * - `refused`: any 4xx in the error envelope (wrong password, A's email at signup...);
 * - `scoped`: the route works on B's own data (2xx or 4xx), and A's data never shows.
 * Whatever the kind: never a 5xx, never one of A's marker words B did not send himself.
 */
export type Expect = 'denied' | 'refused' | 'scoped';

export interface Attempt {
  path: string;
  json?: unknown;
  form?: () => FormData;
  body?: string;
  headers?: Record<string, string>;
  expect: Expect;
  /** Extra assertion on the parsed JSON answer (e.g. a count that must not include A's rows). */
  check?: (body: any) => void;
}

/** The request an attempt makes: its JSON, form or raw body, with its headers. */
export function requestOf(method: string, attempt: Attempt): RequestInit {
  const headers = new Headers(attempt.headers);
  let body: BodyInit | undefined = attempt.body;
  if (attempt.form) body = attempt.form();
  if (attempt.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(attempt.json);
  }
  return { method, headers, body };
}

export interface RouteCase {
  /** Answers without a signed-in user (health, sign-in...). Everything else must answer 401 without credentials. */
  public?: boolean;
  /** Run as a throwaway B: the route ends B's session or account when it works. */
  fresh?: boolean;
  attempts: (a: Victim, b: Attacker) => Attempt[];
}

const deny = (path: string, extra: Partial<Attempt> = {}): Attempt => ({ path, expect: 'denied', ...extra });
const scoped = (path: string, extra: Partial<Attempt> = {}): Attempt => ({ path, expect: 'scoped', ...extra });
const csv = (text: string) => () => {
  const form = new FormData();
  form.set('file', new File([text], 'contacts.csv', { type: 'text/csv' }));
  return form;
};
const pdf = (text: string) => () => {
  const form = new FormData();
  form.set('file', new File([text], 'lease.pdf', { type: 'application/pdf' }));
  return form;
};
// A WebAuthn answer of the right shape to no challenge Kith gave ({"type":"webauthn.get"}).
const FORGED_CLIENT_DATA = 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0IiwiY2hhbGxlbmdlIjoiZm9yZ2VkIn0';
const FORGED_ASSERTION = {
  id: 'Zm9yZ2Vk',
  rawId: 'Zm9yZ2Vk',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: FORGED_CLIENT_DATA, authenticatorData: 'AAAA', signature: 'AAAA' },
};
const FORGED_ATTESTATION = { ...FORGED_ASSERTION, response: { clientDataJSON: FORGED_CLIENT_DATA, attestationObject: 'oA' } };
const zero = (read: (body: any) => number) => (body: any) => {
  if (read(body) !== 0) throw new Error(`expected 0 of B's own rows, got ${JSON.stringify(body)}`);
};

/**
 * One entry per operation of GET /api/v1/openapi.json, keyed "METHOD /path" without /api/v1.
 * A new route without an entry fails tests/guard/authorization-matrix.test.ts.
 */
export const ROUTE_CASES: Record<string, RouteCase> = {
  'GET /health': { public: true, attempts: () => [scoped('/health')] },
  'POST /auth/signup': {
    public: true,
    attempts: (a) => [
      { path: '/auth/signup', json: { email: a.session.user.email, password: 'another password', name: 'Copycat' }, expect: 'refused' },
    ],
  },
  'POST /auth/login': {
    public: true,
    attempts: (a) => [{ path: '/auth/login', json: { email: a.session.user.email, password: 'wrong password' }, expect: 'refused' }],
  },
  'POST /auth/logout': { public: true, fresh: true, attempts: () => [scoped('/auth/logout')] },
  'POST /auth/logout-everywhere': { fresh: true, attempts: () => [scoped('/auth/logout-everywhere?keep_current=true')] },

  'GET /me': { attempts: () => [scoped('/me')] },
  'PATCH /me': { attempts: () => [scoped('/me', { json: { time_zone: 'Europe/Berlin', name: 'B renamed' } })] },
  'DELETE /me': {
    fresh: true,
    attempts: (a) => [{ path: '/me', json: { confirm_email: a.session.user.email, password: a.password }, expect: 'refused' }],
  },
  // Every test user shares one password, so only a wrong current password can be tried here.
  'POST /me/password': {
    fresh: true,
    attempts: () => [
      { path: '/me/password', json: { current_password: 'not my password', new_password: 'taken over 123' }, expect: 'refused' },
    ],
  },
  'GET /me/sessions': { attempts: () => [scoped('/me/sessions')] },
  'DELETE /me/sessions/{id}': { attempts: (a) => [deny(`/me/sessions/${a.sessionId}`)] },
  'POST /tokens': { attempts: () => [scoped('/tokens', { json: { name: 'mine' } })] },
  'GET /tokens': { attempts: () => [scoped('/tokens')] },
  'DELETE /tokens/{id}': { attempts: (a) => [deny(`/tokens/${a.tokenId}`)] },
  // B revokes B's own tokens; A's tokens are part of the snapshot checked at the end.
  'DELETE /tokens': { fresh: true, attempts: () => [scoped('/tokens')] },
  'POST /app-passwords': { attempts: () => [scoped('/app-passwords', { json: { name: 'my phone' } })] },
  'GET /app-passwords': { attempts: () => [scoped('/app-passwords')] },
  'DELETE /app-passwords/{id}': { attempts: (a) => [deny(`/app-passwords/${a.appPasswordId}`)] },
  'GET /connected-apps': { attempts: () => [scoped('/connected-apps')] },
  'DELETE /connected-apps/{id}': { attempts: (a) => [deny(`/connected-apps/${a.connectedAppId}`)] },
  'GET /push': { attempts: () => [scoped('/push')] },
  'PATCH /push': { attempts: () => [scoped('/push', { json: { hour: 7 } })] },
  'POST /push/devices': {
    attempts: () => [
      scoped('/push/devices', { json: { endpoint: 'https://10.0.0.8/push/b', keys: { p256dh: 'x', auth: 'y' }, device: 'B' } }),
    ],
  },
  'DELETE /push/devices/{id}': { attempts: (a) => [deny(`/push/devices/${a.pushDeviceId}`)] },

  'GET /export.json': { attempts: () => [scoped('/export.json')] },
  'GET /backup': { attempts: () => [scoped('/backup')] },
  'GET /contacts/export.vcf': { attempts: () => [scoped('/contacts/export.vcf')] },
  'GET /contacts/export.csv': { attempts: () => [scoped('/contacts/export.csv')] },

  'POST /imports/csv/preview': { attempts: () => [scoped('/imports/csv/preview', { form: csv('Name\nMine\n') })] },
  'POST /imports/csv': { attempts: () => [scoped('/imports/csv', { form: csv('Name\nMine Imported\n') })] },
  'POST /imports/linkedin': {
    attempts: () => [
      scoped('/imports/linkedin', { form: csv('First Name,Last Name,URL\nMine,Linked,https://www.linkedin.com/in/mine-linked\n') }),
    ],
  },
  'GET /imports': {
    attempts: (a) => [
      scoped('/imports', {
        check: (body) => {
          if (body.data.some((i: { id: string }) => i.id === a.importId)) throw new Error("A's import listed for B");
        },
      }),
    ],
  },
  'GET /imports/{id}': { attempts: (a) => [deny(`/imports/${a.importId}`)] },
  'POST /imports/{id}/cancel': { attempts: (a) => [deny(`/imports/${a.importId}/cancel`)] },
  // A's Monica instance would be a private address here: refused before anything is queued.
  'POST /imports/monica': { attempts: () => [scoped('/imports/monica', { json: { url: 'http://10.0.0.5', token: 'mine' } })] },

  'GET /contacts': {
    attempts: (a) => [
      scoped(`/contacts?q=${a.markers[0]}`, { check: zero((b) => b.meta.total) }),
      scoped(`/contacts?tag=${a.tag}&priority=archived&priority=high&priority=medium&priority=low`, { check: zero((b) => b.meta.total) }),
    ],
  },
  'POST /contacts': {
    fresh: true,
    // A's email is free for B: identifiers are unique per user, and a 409 would reveal A's contact.
    attempts: (a) => [
      scoped('/contacts', {
        json: { first_name: 'Twin', emails: [`avalon.${a.markers[0]}@victim.example`] },
        check: (b) => {
          if (!b.data?.id) throw new Error('B could not save an email A also has');
        },
      }),
      deny('/contacts', { json: { first_name: 'Hijack', company_id: a.organizationId } }),
    ],
  },
  'GET /contacts/ids': { attempts: (a) => [scoped(`/contacts/ids?q=${a.markers[0]}`, { check: zero((b) => b.data.total) })] },
  'POST /contacts/bulk': {
    attempts: (a, b) => [
      deny('/contacts/bulk', { json: { ids: [a.contactId], action: 'delete' } }),
      deny('/contacts/bulk', { json: { ids: [b.contactId, a.contactId], action: 'add_tags', value: ['pwned'] } }),
      deny('/contacts/bulk', { json: { ids: [b.contactId, a.contactId], action: 'merge' } }),
      deny('/contacts/bulk', { json: { ids: [a.contactId, a.otherContactId], action: 'archive' } }),
    ],
  },
  'GET /contacts/2nd-tier/count': { attempts: () => [scoped('/contacts/2nd-tier/count', { check: zero((b) => b.data.count) })] },
  'DELETE /contacts/2nd-tier': { attempts: () => [scoped('/contacts/2nd-tier', { check: zero((b) => b.data.deleted_count) })] },
  'GET /map/config': { attempts: () => [scoped('/map/config')] },
  'GET /contacts/map': { attempts: () => [scoped('/contacts/map?bbox=-180,-90,180,90', { check: zero((b) => b.meta.total_in_bounds) })] },
  'GET /contacts/map/clusters': {
    attempts: () => [scoped('/contacts/map/clusters?bbox=-180,-90,180,90&zoom=2', { check: zero((b) => b.meta.total_in_bounds) })],
  },

  'GET /contacts/{id}': { attempts: (a) => [deny(`/contacts/${a.contactId}`)] },
  'PATCH /contacts/{id}': {
    attempts: (a, b) => [
      deny(`/contacts/${a.contactId}`, { json: { first_name: 'Pwned' } }),
      deny(`/contacts/${b.contactId}`, { json: { company_id: a.organizationId } }),
    ],
  },
  'DELETE /contacts/{id}': { attempts: (a) => [deny(`/contacts/${a.contactId}`)] },
  'POST /contacts/{id}/enrich': { attempts: (a) => [deny(`/contacts/${a.contactId}/enrich`)] },
  'POST /contacts/{id}/extract-bio': { attempts: (a) => [deny(`/contacts/${a.contactId}/extract-bio`)] },
  'POST /contacts/{id}/draft': { attempts: (a) => [deny(`/contacts/${a.contactId}/draft`, { json: { channel: 'email' } })] },
  'GET /contacts/{id}/relationships': { attempts: (a) => [deny(`/contacts/${a.contactId}/relationships`)] },
  'GET /contacts/{id}/intro-paths': { attempts: (a) => [deny(`/contacts/${a.contactId}/intro-paths`)] },
  'GET /contacts/{id}/family': { attempts: (a) => [deny(`/contacts/${a.contactId}/family`)] },
  'GET /contacts/{id}/neighbourhood': { attempts: (a) => [deny(`/contacts/${a.contactId}/neighbourhood`)] },
  // A link never crosses users: B's contact cannot be linked to A's contact or A's person, nor the other way.
  'POST /contacts/{id}/relationships': {
    attempts: (a, b) => [
      deny(`/contacts/${a.contactId}/relationships`, { json: { kind: 'friend', other_contact_id: b.contactId } }),
      deny(`/contacts/${b.contactId}/relationships`, { json: { kind: 'friend', other_contact_id: a.contactId } }),
      deny(`/contacts/${b.contactId}/relationships`, { json: { kind: 'friend', person_id: a.personId } }),
    ],
  },
  'PATCH /contacts/{id}/relationships/{relationship_id}': {
    attempts: (a, b) => [
      deny(`/contacts/${a.contactId}/relationships/${a.relationshipId}`, { json: { note: 'pwned' } }),
      deny(`/contacts/${b.contactId}/relationships/${a.relationshipId}`, { json: { note: 'pwned' } }),
      deny(`/contacts/${a.otherContactId}/relationships/${a.relationshipId}`, { json: { kind: 'friend' } }),
    ],
  },
  'DELETE /contacts/{id}/relationships/{relationship_id}': {
    attempts: (a, b) => [
      deny(`/contacts/${a.contactId}/relationships/${a.personLinkId}`),
      deny(`/contacts/${b.contactId}/relationships/${a.relationshipId}`),
    ],
  },
  'GET /contacts/{id}/events': {
    attempts: (a, b) => [
      deny(`/contacts/${a.contactId}/events`),
      deny(`/contacts/${a.contactId}/events?status=proposed`),
      scoped(`/contacts/${b.contactId}/events`),
    ],
  },
  'GET /contacts/{id}/events/{event_id}': {
    attempts: (a, b) => [
      deny(`/contacts/${a.contactId}/events/${a.lifeEventId}`),
      deny(`/contacts/${b.contactId}/events/${a.lifeEventId}`),
    ],
  },
  'POST /contacts/{id}/events': {
    attempts: (a) => [deny(`/contacts/${a.contactId}/events`, { json: { kind: 'moved', summary: 'Moved to Mars' } })],
  },
  'PATCH /contacts/{id}/events/{event_id}': {
    attempts: (a, b) => [
      deny(`/contacts/${a.contactId}/events/${a.lifeEventId}`, { json: { summary: 'pwned' } }),
      deny(`/contacts/${b.contactId}/events/${a.lifeEventId}`, { json: { summary: 'pwned' } }),
    ],
  },
  'DELETE /contacts/{id}/events/{event_id}': {
    attempts: (a, b) => [
      deny(`/contacts/${a.contactId}/events/${a.lifeEventId}`),
      deny(`/contacts/${b.contactId}/events/${a.lifeEventId}`),
    ],
  },
  'GET /contacts/{id}/files': {
    attempts: (a, b) => [deny(`/contacts/${a.contactId}/files`), scoped(`/contacts/${b.contactId}/files`)],
  },
  'GET /contacts/{id}/files/{file_id}': {
    attempts: (a, b) => [deny(`/contacts/${a.contactId}/files/${a.fileId}`), deny(`/contacts/${b.contactId}/files/${a.fileId}`)],
  },
  'POST /contacts/{id}/files': {
    attempts: (a, b) => [
      deny(`/contacts/${a.contactId}/files`, { form: pdf('%PDF-1.4 pwned') }),
      scoped(`/contacts/${b.contactId}/files`, { form: pdf('%PDF-1.4 mine') }),
    ],
  },
  'DELETE /contacts/{id}/files/{file_id}': {
    attempts: (a, b) => [deny(`/contacts/${a.contactId}/files/${a.fileId}`), deny(`/contacts/${b.contactId}/files/${a.fileId}`)],
  },
  'GET /life-events/proposals': {
    attempts: () => [scoped('/life-events/proposals', { check: zero((b) => b.meta.total) })],
  },
  'POST /life-events/proposals/{id}/accept': {
    attempts: (a) => [deny(`/life-events/proposals/${a.lifeProposalId}/accept`, { json: { summary: 'pwned' } })],
  },
  'POST /life-events/proposals/{id}/dismiss': { attempts: (a) => [deny(`/life-events/proposals/${a.lifeProposalId}/dismiss`)] },
  'GET /contacts/{id}/dates': { attempts: (a) => [deny(`/contacts/${a.contactId}/dates`)] },
  'POST /contacts/{id}/dates': {
    attempts: (a) => [deny(`/contacts/${a.contactId}/dates`, { json: { kind: 'custom', label: 'x', month: 1, day: 1 } })],
  },
  'DELETE /contacts/{id}/dates/{date_id}': {
    attempts: (a, b) => [deny(`/contacts/${a.contactId}/dates/${a.dateId}`), deny(`/contacts/${b.contactId}/dates/${a.dateId}`)],
  },
  'GET /contacts/{id}/timeline': { attempts: (a) => [deny(`/contacts/${a.contactId}/timeline`)] },
  'POST /contacts/{id}/notes': { attempts: (a) => [deny(`/contacts/${a.contactId}/notes`, { json: { body: 'planted' } })] },
  'POST /contacts/{id}/meetings': {
    attempts: (a) => [deny(`/contacts/${a.contactId}/meetings`, { json: { title: 'planted', occurred_at: '2026-01-01T00:00:00.000Z' } })],
  },
  'GET /contacts/{id}/duplicates': { attempts: (a) => [deny(`/contacts/${a.contactId}/duplicates`)] },
  'POST /contacts/{id}/duplicates/{other_id}/dismiss': {
    attempts: (a, b) => [
      deny(`/contacts/${a.contactId}/duplicates/${a.otherContactId}/dismiss`),
      deny(`/contacts/${b.contactId}/duplicates/${a.contactId}/dismiss`),
    ],
  },
  'POST /contacts/{id}/merge': {
    attempts: (a, b) => [
      deny(`/contacts/${b.contactId}/merge`, { json: { other_id: a.contactId } }),
      deny(`/contacts/${a.contactId}/merge`, { json: { other_id: b.contactId } }),
      deny(`/contacts/${a.contactId}/merge`, { json: { other_id: a.otherContactId } }),
    ],
  },
  'GET /contacts/{id}/merge-preview': {
    attempts: (a, b) => [
      deny(`/contacts/${b.contactId}/merge-preview?other_id=${a.contactId}`),
      deny(`/contacts/${a.contactId}/merge-preview?other_id=${b.contactId}`),
      deny(`/contacts/${a.contactId}/merge-preview?other_id=${a.otherContactId}`),
    ],
  },
  'GET /contacts/{id}/merges': {
    attempts: (a, b) => [
      deny(`/contacts/${a.contactId}/merges`),
      scoped(`/contacts/${b.contactId}/merges`, { check: zero((r) => r.data.length) }),
    ],
  },
  'GET /contacts/{id}/sources': { attempts: (a) => [deny(`/contacts/${a.contactId}/sources`)] },
  'POST /merges/{id}/unmerge': { attempts: (a) => [deny(`/merges/${a.mergeId}/unmerge`)] },
  'POST /contacts/{id}/sync': { attempts: (a) => [deny(`/contacts/${a.contactId}/sync`)] },

  'PATCH /interactions/{id}': { attempts: (a) => [deny(`/interactions/${a.interactionId}`, { json: { body: 'rewritten' } })] },
  'DELETE /interactions/{id}': { attempts: (a) => [deny(`/interactions/${a.interactionId}`), deny(`/interactions/${a.meetingId}`)] },

  'GET /followups': { attempts: (a) => [scoped(`/followups?contact_id=${a.contactId}`, { check: zero((b) => b.data.length) })] },
  'POST /followups/{id}/dismiss': { attempts: (a) => [deny(`/followups/${a.followupId}/dismiss`)] },
  'POST /followups/{id}/snooze': { attempts: (a) => [deny(`/followups/${a.followupId}/snooze`, { json: { days: 3 } })] },

  'POST /extension/linkedin/conversations': {
    attempts: () => [
      scoped('/extension/linkedin/conversations', {
        json: { conversations: [{ id: 'conv-b', participant: { name: 'Linked Mine' }, messages: [] }] },
      }),
    ],
  },
  'POST /extension/linkedin/outbox/claim': {
    attempts: () => [scoped('/extension/linkedin/outbox/claim', { json: {}, check: zero((b) => b.data?.length ?? 0) })],
  },
  // A session is refused (401) before the id is looked at; a token gets 404 for A's message.
  'POST /extension/linkedin/outbox/{id}/result': {
    attempts: (a) => [{ path: `/extension/linkedin/outbox/${a.linkedinOutboxId}/result`, json: { status: 'failed' }, expect: 'refused' }],
  },
  'POST /sync/google-contacts': { attempts: () => [scoped('/sync/google-contacts')] },
  'POST /admin/geocode/backfill': { attempts: () => [scoped('/admin/geocode/backfill')] },

  'GET /organizations': {
    attempts: (a) => [
      scoped(`/organizations?q=Orgmark`, {
        check: (b) => {
          if (b.data.some((o: any) => o.id === a.organizationId)) throw new Error("A's organization listed");
        },
      }),
    ],
  },
  'POST /organizations': { fresh: true, attempts: (a) => [scoped('/organizations', { json: { name: `Orgmark ${a.markers[0]}` } })] },
  'GET /organizations/{id}': { attempts: (a) => [deny(`/organizations/${a.organizationId}`)] },
  'PATCH /organizations/{id}': { attempts: (a) => [deny(`/organizations/${a.organizationId}`, { json: { industry: 'pwned' } })] },
  'GET /organizations/{id}/contacts': { attempts: (a) => [deny(`/organizations/${a.organizationId}/contacts`)] },
  'POST /organizations/{id}/merge': {
    attempts: (a, b) => [
      deny(`/organizations/${b.organizationId}/merge`, { json: { other_id: a.organizationId } }),
      deny(`/organizations/${a.organizationId}/merge`, { json: { other_id: b.organizationId } }),
    ],
  },
  'DELETE /organizations/{id}': { attempts: (a) => [deny(`/organizations/${a.organizationId}`)] },
  'GET /organizations/{id}/logo': { attempts: (a) => [deny(`/organizations/${a.organizationId}/logo`)] },
  'GET /organizations/{id}/intro-paths': { attempts: (a) => [deny(`/organizations/${a.organizationId}/intro-paths`)] },

  'GET /tags': { attempts: () => [scoped('/tags')] },
  'PATCH /tags/{tag}': {
    attempts: (a) => [scoped(`/tags/${a.tag}`, { json: { name: 'renamed' }, check: (b) => b.data && zero((x) => x.data.affected)(b) })],
  },
  'DELETE /tags/{tag}': { attempts: (a) => [scoped(`/tags/${a.tag}`, { check: (b) => b.data && zero((x) => x.data.affected)(b) })] },
  'GET /home': { attempts: () => [scoped('/home')] },

  'POST /auth/password/forgot': {
    public: true,
    attempts: (a) => [scoped('/auth/password/forgot', { json: { email: a.session.user.email } })],
  },
  'POST /auth/password/reset': {
    public: true,
    attempts: () => [
      {
        path: '/auth/password/reset',
        json: { token: 'forged-reset-token-0000000000000000', new_password: 'taken over 12345' },
        expect: 'refused',
      },
    ],
  },
  'POST /auth/login/two-factor': {
    public: true,
    attempts: () => [
      { path: '/auth/login/two-factor', json: { challenge_token: 'forged-challenge-000000000000000', code: '123456' }, expect: 'refused' },
    ],
  },
  'POST /auth/passkey/options': {
    public: true,
    attempts: (a) => [scoped('/auth/passkey/options', { json: { email: a.session.user.email } })],
  },
  'POST /auth/passkey': {
    public: true,
    attempts: () => [{ path: '/auth/passkey', json: { response: FORGED_ASSERTION }, expect: 'refused' }],
  },
  'POST /auth/login/two-factor/passkey/options': {
    public: true,
    attempts: () => [
      { path: '/auth/login/two-factor/passkey/options', json: { challenge_token: 'forged-challenge-000000000000000' }, expect: 'refused' },
    ],
  },
  'POST /auth/login/two-factor/passkey': {
    public: true,
    attempts: () => [
      {
        path: '/auth/login/two-factor/passkey',
        json: { challenge_token: 'forged-challenge-000000000000000', response: FORGED_ASSERTION },
        expect: 'refused',
      },
    ],
  },
  'GET /me/passkeys': { attempts: () => [scoped('/me/passkeys')] },
  'POST /me/passkeys/options': { attempts: () => [scoped('/me/passkeys/options')] },
  'POST /me/passkeys': { attempts: () => [{ path: '/me/passkeys', json: { response: FORGED_ATTESTATION }, expect: 'refused' }] },
  'PATCH /me/passkeys/{id}': { attempts: (a) => [deny(`/me/passkeys/${a.passkeyId}`, { json: { name: 'Mine now' } })] },
  'DELETE /me/passkeys/{id}': { attempts: (a) => [deny(`/me/passkeys/${a.passkeyId}`, { json: { password: a.password } })] },
  'GET /me/two-factor': { attempts: () => [scoped('/me/two-factor')] },
  'POST /me/two-factor/setup': { fresh: true, attempts: () => [scoped('/me/two-factor/setup')] },
  'POST /me/two-factor/enable': {
    fresh: true,
    attempts: () => [{ path: '/me/two-factor/enable', json: { code: '000000' }, expect: 'refused' }],
  },
  'POST /me/two-factor/disable': {
    fresh: true,
    attempts: (a) => [{ path: '/me/two-factor/disable', json: { password: a.password, code: '000000' }, expect: 'refused' }],
  },
  'POST /me/two-factor/recovery-codes': {
    fresh: true,
    attempts: (a) => [{ path: '/me/two-factor/recovery-codes', json: { password: a.password, code: '000000' }, expect: 'refused' }],
  },

  'GET /integrations': { attempts: () => [scoped('/integrations')] },
  'POST /integrations/gmail/sync': { attempts: () => [scoped('/integrations/gmail/sync')] },
  'POST /integrations/x/sync': { attempts: () => [scoped('/integrations/x/sync')] },
  // B's own Telegram login against the fake gateway; A's connection and options never show.
  'POST /integrations/telegram/login': { attempts: () => [scoped('/integrations/telegram/login', { json: { phone: '+15550001234' } })] },
  'POST /integrations/telegram/code': { attempts: () => [scoped('/integrations/telegram/code', { json: { code: '99999' } })] },
  'POST /integrations/telegram/password': {
    attempts: () => [scoped('/integrations/telegram/password', { json: { password: 'not mine' } })],
  },
  'GET /integrations/telegram/settings': { attempts: () => [scoped('/integrations/telegram/settings')] },
  'PUT /integrations/telegram/settings': {
    attempts: () => [scoped('/integrations/telegram/settings', { json: { tag_second_tier: false } })],
  },
  'POST /integrations/telegram/sync': { attempts: () => [scoped('/integrations/telegram/sync')] },
  // Channels are named per user: B disconnecting "gmail" can only ever reach B's own row.
  'DELETE /integrations/{channel}': { attempts: () => [scoped('/integrations/gmail')] },
  'POST /contacts/{id}/messages': {
    attempts: (a) => [deny(`/contacts/${a.contactId}/messages`, { json: { channel: 'email', subject: 'hi', body: 'planted' } })],
  },

  'GET /admin/dead-letters': { attempts: () => [scoped('/admin/dead-letters', { check: zero((b) => b.meta.total) })] },
  'POST /admin/dead-letters/{id}/replay': { attempts: (a) => [deny(`/admin/dead-letters/${a.deadLetterId}/replay`)] },
  'DELETE /admin/dead-letters/{id}': { attempts: (a) => [deny(`/admin/dead-letters/${a.deadLetterId}`)] },
  'GET /audit-log': { attempts: () => [scoped('/audit-log')] },
  'GET /webhooks': { attempts: () => [scoped('/webhooks', { check: (body) => zero((b) => b.meta.total)(body) })] },
  'POST /webhooks': {
    attempts: () => [scoped('/webhooks', { json: { url: 'https://127.0.0.1/steal', events: ['contact.created'] } })],
  },
  'GET /webhooks/{id}': { attempts: (a) => [deny(`/webhooks/${a.webhookId}`)] },
  'PATCH /webhooks/{id}': { attempts: (a) => [deny(`/webhooks/${a.webhookId}`, { json: { enabled: false } })] },
  'DELETE /webhooks/{id}': { attempts: (a) => [deny(`/webhooks/${a.webhookId}`)] },
  'POST /webhooks/{id}/rotate-secret': { attempts: (a) => [deny(`/webhooks/${a.webhookId}/rotate-secret`)] },
  'POST /webhooks/{id}/test': { attempts: (a) => [deny(`/webhooks/${a.webhookId}/test`)] },
  'GET /webhooks/{id}/deliveries': { attempts: (a) => [deny(`/webhooks/${a.webhookId}/deliveries`)] },
  'GET /webhooks/{id}/deliveries/{delivery_id}': {
    attempts: (a) => [deny(`/webhooks/${a.webhookId}/deliveries/${a.webhookDeliveryId}`)],
  },
  'POST /webhooks/{id}/deliveries/{delivery_id}/redeliver': {
    attempts: (a) => [deny(`/webhooks/${a.webhookId}/deliveries/${a.webhookDeliveryId}/redeliver`)],
  },
  // B's feed from the beginning: only B's contacts, never a change of A's (their ids are A's markers' hosts).
  'GET /changes': {
    attempts: (a) => [
      scoped('/changes', {
        check: (b) => {
          if (b.data.some((c: { contact_id: string }) => c.contact_id === a.contactId))
            throw new Error("A's contact is in B's change feed");
        },
      }),
    ],
  },

  // B's local search index from the beginning: only B's contacts.
  'GET /search-index': {
    attempts: (a) => [
      scoped('/search-index', {
        check: (b) => {
          if (b.data.some((c: { contact_id: string }) => c.contact_id === a.contactId))
            throw new Error("A's contact is in B's search index");
        },
      }),
    ],
  },
  // B's moved scores from the beginning: only B's contacts.
  'GET /search-index/scores': {
    attempts: (a) => [
      scoped('/search-index/scores?since=0', {
        check: (b) => {
          if (b.data.some((c: { contact_id: string }) => c.contact_id === a.contactId))
            throw new Error("A's contact is in B's moved scores");
        },
      }),
    ],
  },

  'POST /imports/vcard': {
    attempts: () => [
      scoped('/imports/vcard', {
        form: () => {
          const form = new FormData();
          form.set('file', new File(['BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Mine Carded\r\nEND:VCARD\r\n'], 'mine.vcf', { type: 'text/vcard' }));
          return form;
        },
      }),
    ],
  },
  // A backup naming A's contact id restores B's own contact under a new id; A's stays A's.
  'POST /imports/backup': {
    attempts: (a) => [
      scoped('/imports/backup', {
        form: () => {
          const contact = {
            id: a.contactId,
            first_name: 'Mine',
            last_name: null,
            company_id: null,
            title: null,
            priority: 'medium',
            notes: null,
            location: null,
            latitude: null,
            longitude: null,
            geocoded_location: null,
            geocoded_place: null,
            geocoded_at: null,
            relationship_score: 0,
            avatar_url: null,
            telegram_username: null,
            twitter_handle: null,
            linkedin_url: null,
            bio_twitter: null,
            bio_telegram: null,
            bio_linkedin: null,
            source: 'manual',
            connected_on: null,
            how_we_met: null,
            last_interaction_at: null,
            last_synced_at: null,
            created_at: '2026-01-01T00:00:00.000Z',
            updated_at: '2026-01-01T00:00:00.000Z',
            cadence_every: null,
            cadence_unit: null,
            cadence_anchor: null,
            cadence_snoozed_until: null,
            identifiers: [],
            tags: [],
            dates: [],
            photo: null,
          };
          const note = {
            id: 'n1',
            contact_id: a.contactId,
            kind: 'note',
            channel: null,
            direction: null,
            subject: null,
            body: 'mine',
            status: null,
            source: 'manual',
            external_id: null,
            occurred_at: '2026-01-01T00:00:00.000Z',
            created_at: '2026-01-01T00:00:00.000Z',
            updated_at: '2026-01-01T00:00:00.000Z',
            conversation: 0,
          };
          const lines = [
            { format: 'kith-backup', version: 1, exported_at: '2026-01-01T00:00:00.000Z' },
            { section: 'contacts', row: contact },
            { section: 'interactions', row: note },
            { end: true, records: 2 },
          ];
          const form = new FormData();
          form.set(
            'file',
            new File([lines.map((l) => JSON.stringify(l)).join('\n')], 'kith-backup.jsonl', { type: 'application/x-ndjson' }),
          );
          return form;
        },
      }),
    ],
  },
  'GET /contact-photos/{hash}': { attempts: (a) => [deny(`/contact-photos/${a.photoHash}`)] },
  // The picture fetcher never reaches Kith itself, so it cannot carry A's photo to B.
  'GET /images/remote': {
    attempts: (a) => [
      deny(`/images/remote?url=${encodeURIComponent(`http://kith.test/api/v1/contact-photos/${a.photoHash}`)}`),
      deny(`/images/remote?url=${encodeURIComponent(`http://127.0.0.1/api/v1/contact-photos/${a.photoHash}`)}`),
    ],
  },
  'GET /smart-lists': { attempts: () => [scoped('/smart-lists', { check: zero((b) => b.data.length) })] },
  'POST /smart-lists': {
    fresh: true,
    attempts: (a) => [scoped('/smart-lists', { json: { name: `List ${a.markers[0]}`, filters: { q: 'mine' } } })],
  },
  'PATCH /smart-lists/{id}': { attempts: (a) => [deny(`/smart-lists/${a.smartListId}`, { json: { name: 'Renamed by B' } })] },
  'DELETE /smart-lists/{id}': { attempts: (a) => [deny(`/smart-lists/${a.smartListId}`)] },

  // Keep in touch (issue 20).
  'POST /contacts/{id}/interactions': {
    attempts: (a) => [deny(`/contacts/${a.contactId}/interactions`, { json: { kind: 'coffee', follow_up: { in: '1_week' } } })],
  },
  'GET /contacts/{id}/score': { attempts: (a) => [deny(`/contacts/${a.contactId}/score`)] },
  'GET /contacts/{id}/reminders': { attempts: (a) => [deny(`/contacts/${a.contactId}/reminders`)] },
  'POST /contacts/{id}/reminders': {
    attempts: (a) => [deny(`/contacts/${a.contactId}/reminders`, { json: { on: '2030-01-01', note: 'planted by B' } })],
  },
  'PATCH /reminders/{id}': { attempts: (a) => [deny(`/reminders/${a.reminderId}`, { json: { note: 'changed by B' } })] },
  'DELETE /reminders/{id}': { attempts: (a) => [deny(`/reminders/${a.reminderId}`)] },
  'GET /agenda': { attempts: () => [scoped('/agenda?until=2100-01-01', { check: zero((b) => b.data.length) })] },
  'POST /agenda/{type}/{id}/done': {
    attempts: (a) => [
      deny(`/agenda/reminder/${a.reminderId}/done`),
      deny(`/agenda/cadence/${a.otherContactId}/done`),
      deny(`/agenda/followup/${a.followupId}/done`),
    ],
  },
  'POST /agenda/{type}/{id}/dismiss': {
    attempts: (a) => [
      deny(`/agenda/reminder/${a.reminderId}/dismiss`),
      deny(`/agenda/cadence/${a.otherContactId}/dismiss`),
      deny(`/agenda/followup/${a.followupId}/dismiss`),
    ],
  },
  'POST /agenda/{type}/{id}/snooze': {
    attempts: (a) => [
      deny(`/agenda/reminder/${a.reminderId}/snooze`, { json: { for: 'week' } }),
      deny(`/agenda/cadence/${a.otherContactId}/snooze`, {
        json: { until: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) },
      }),
      deny(`/agenda/followup/${a.followupId}/snooze`, { json: { for: 'month' } }),
    ],
  },
  'GET /settings/keep-in-touch': { attempts: () => [scoped('/settings/keep-in-touch')] },
  'PATCH /settings/keep-in-touch': {
    attempts: () => [
      scoped('/settings/keep-in-touch', { json: { cadence_defaults: { high: { every: 2, unit: 'week' } }, weekly_digest: true } }),
    ],
  },
  'GET /settings/life-events': { attempts: () => [scoped('/settings/life-events')] },
  'PATCH /settings/life-events': { attempts: () => [scoped('/settings/life-events', { json: { read_messages: false } })] },
  'POST /settings/calendar-feed': { attempts: () => [scoped('/settings/calendar-feed')] },
  'DELETE /settings/calendar-feed': { attempts: () => [scoped('/settings/calendar-feed')] },
  // The secret URL is the credential: a forged one reads nothing.
  'GET /digest/unsubscribe': {
    public: true,
    attempts: (a) => [{ path: `/digest/unsubscribe?token=${a.session.user.id}.forgedsignature`, expect: 'refused' }],
  },
  'POST /digest/unsubscribe': {
    public: true,
    attempts: (a) => [{ path: `/digest/unsubscribe?token=${a.session.user.id}.zzzzzz.forgedsignature`, expect: 'refused' }],
  },
  'GET /calendar/{token}': {
    public: true,
    attempts: () => [{ path: '/calendar/kithcal_forgedforgedforgedforgedforged.ics', expect: 'refused' }],
  },

  // Authenticates by INBOUND_EMAIL_SECRET only: B's cookie or token opens nothing.
  'POST /inbound/email': {
    attempts: (a) => [
      {
        path: `/inbound/email?to=${encodeURIComponent(`log+x@in.kith.test`)}`,
        body: `From: ${a.session.user.email}\r\nTo: x@y\r\nSubject: s\r\n\r\nhi`,
        headers: { 'content-type': 'message/rfc822' },
        expect: 'refused',
      },
    ],
  },
};

/** "smart-lists" + "id" -> "smartListId": the Victim field a new route's case would read. */
function victimField(segment: string, param: string): string {
  const words = segment.replace(/ies$/, 'y').replace(/s$/, '').split(/[-_]/);
  const base = words.map((w, i) => (i ? w[0]!.toUpperCase() + w.slice(1) : w)).join('');
  return param === 'id' ? `${base}Id` : param.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
}

/** The entry to paste into ROUTE_CASES for an operation that has none. */
export function caseTemplate(method: string, path: string, hasBody: boolean): string {
  const segments = path.split('/');
  const fields: string[] = [];
  const filled = segments
    .map((seg, i) => {
      const param = seg.match(/^\{(\w+)\}$/)?.[1];
      if (!param) return seg;
      const field = victimField(segments[i - 1] ?? 'item', param);
      fields.push(field);
      return `\${a.${field}}`;
    })
    .join('/');
  const body = hasBody ? ", { json: { /* a valid body; put A's ids where it takes ids */ } }" : '';
  const entry = `  '${method} ${path}': { attempts: (a, b) => [${fields.length ? 'deny' : 'scoped'}(\`${filled}\`${body})] },`;
  const notes = [
    fields.length
      ? `add ${fields.join(', ')} to Victim (one of A's records, made in makeVictim)`
      : "scoped: it only touches B's own data; add `check` if it returns counts",
    ...(/^\/auth\//.test(path) ? ['add `public: true` if it answers without a session, `fresh: true` if it ends the session'] : []),
  ];
  return `${entry}   // ${notes.join('; ')}`;
}
