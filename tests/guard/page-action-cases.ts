import type { Attacker, Victim } from './victim';

/**
 * What user B may get when posting one of A's page forms:
 * - `denied`: 404 (or 403), the page's "does not exist";
 * - `refused`: any 4xx (a wrong password, A's email at signup...);
 * - `scoped`: the form works on B's own data (any answer below 500);
 * - `{ redirect }`: a redirect whose Location matches (pages whose forms answer with a notice).
 * Whatever the kind: never a 5xx, never one of A's marker words B did not send, and not one of
 * A's rows changed.
 */
export type PageExpect = 'denied' | 'refused' | 'scoped' | { redirect: RegExp };

export interface PageAttempt {
  /** The page the form posts to, with A's (or B's) ids in it. */
  path: string;
  fields: Record<string, string>;
  expect: PageExpect;
  /** For a public form, what a post without a session gets, when not `expect`. */
  anonymous?: PageExpect;
}

export interface PageCase {
  /** A form for people who are not signed in (login, signup...): it is also posted without a session. */
  public?: boolean;
  /** Run as a throwaway B: the form ends B's session or account when it works. */
  fresh?: boolean;
  /** Tables of A's rows the form changes by design (they are left out of every comparison, so name few). */
  victimMayChange?: string[];
  /** Not a page form: a route that hands the request to another guard, which the reason names. */
  coveredBy?: string;
  attempts: (a: Victim, b: Attacker) => PageAttempt[];
}

/** A WebAuthn answer to no challenge Kith gave. */
const FORGED_PASSKEY_ANSWER = JSON.stringify({
  id: 'Zm9yZ2Vk',
  rawId: 'Zm9yZ2Vk',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0IiwiY2hhbGxlbmdlIjoiZm9yZ2VkIn0', authenticatorData: 'AAAA', signature: 'AAAA' },
});
const deny = (path: string, fields: Record<string, string>): PageAttempt => ({ path, fields, expect: 'denied' });
const scoped = (path: string, fields: Record<string, string> = {}): PageAttempt => ({ path, fields, expect: 'scoped' });
const refused = (path: string, fields: Record<string, string>): PageAttempt => ({ path, fields, expect: 'refused' });

/** The agenda forms (done, dismiss, snooze) aimed at A's reminder, cadence and suggestion, from `page`. */
const agenda =
  (page: string, intent: string, extra: Record<string, string> = {}) =>
  (a: Victim) => [
    deny(page, { intent, type: 'reminder', ref: a.reminderId, ...extra }),
    deny(page, { intent, type: 'cadence', ref: a.otherContactId, ...extra }),
    deny(page, { intent, type: 'followup', ref: a.followupId, ...extra }),
  ];
/** The follow-up suggestion forms' own intents: an `id` (and `days` to snooze). */
const followup =
  (page: string, intent: string, extra: Record<string, string> = {}) =>
  (a: Victim) => [deny(page, { intent, id: a.followupId, ...extra })];

const agendaCases = (page: (b: Attacker) => string): Record<string, PageCase> => ({
  'agenda-done': { attempts: (a, b) => agenda(page(b), 'agenda-done')(a) },
  'agenda-dismiss': { attempts: (a, b) => agenda(page(b), 'agenda-dismiss')(a) },
  'agenda-snooze': { attempts: (a, b) => agenda(page(b), 'agenda-snooze', { for: 'week' })(a) },
  'dismiss-followup': { attempts: (a, b) => followup(page(b), 'dismiss-followup')(a) },
  'snooze-followup': { attempts: (a, b) => followup(page(b), 'snooze-followup', { days: '7' })(a) },
  dismiss: { attempts: (a, b) => followup(page(b), 'dismiss')(a) },
  snooze: { attempts: (a, b) => followup(page(b), 'snooze', { days: '7' })(a) },
});

/** Keys "<path> <intent>" for one route's intents, or "<path>" for an action without intents. */
const intentsOf = (path: string, cases: Record<string, PageCase>) =>
  Object.fromEntries(Object.entries(cases).map(([intent, kase]) => [`${path} ${intent}`, kase]));

const TELEGRAM = '/settings/integrations/telegram';
const HOME = { redirect: /^\/home$/ };

/**
 * One entry per page action and per intent it takes, keyed "<route path> <intent>" (or the
 * path alone for an action without intents), as tests/guard/page-action-matrix.test.ts reads
 * them from the built server. A new action or intent without an entry fails that test.
 */
export const PAGE_CASES: Record<string, PageCase> = {
  // Remix's door to the API under `npm run dev`; the Worker answers /api/v1 itself.
  '/api/v1/*': { coveredBy: 'tests/guard/authorization-matrix.test.ts', attempts: () => [] },

  // Signed in, the sign-in pages send B to his own Home (their loader runs after the refused action).
  '/login': {
    public: true,
    attempts: (a) => [
      { ...refused('/login', { email: a.session.user.email, password: 'not the password' }), expect: HOME, anonymous: 'refused' },
    ],
  },
  '/signup': {
    public: true,
    attempts: (a) => [
      {
        ...refused('/signup', { email: a.session.user.email, password: 'another password 123', name: 'Copycat' }),
        expect: HOME,
        anonymous: 'refused',
      },
    ],
  },
  // Anyone may ask for a reset link for any address: it goes to A's inbox, and the answer is the same either way.
  '/forgot-password': {
    public: true,
    victimMayChange: ['password_resets'],
    attempts: (a) => [scoped('/forgot-password', { email: a.session.user.email })],
  },
  '/reset-password': {
    public: true,
    attempts: () => [
      refused('/reset-password', {
        token: 'forged-reset-token-0000000000000000',
        new_password: 'taken over 12345',
        confirm_password: 'taken over 12345',
      }),
    ],
  },
  // Without the challenge cookie of a sign-in in progress, back to the login page.
  '/login/two-factor': {
    public: true,
    attempts: () => [{ path: '/login/two-factor', fields: { code: '123456' }, expect: { redirect: /^\/login$/ } }],
  },
  // The passkey buttons of the sign-in and two-factor pages: options are anyone's, a forged answer signs in nobody.
  '/login/passkey': {
    public: true,
    attempts: (a) => [
      scoped('/login/passkey', { intent: 'options', email: a.session.user.email }),
      refused('/login/passkey', { intent: 'sign-in', response: FORGED_PASSKEY_ANSWER }),
      refused('/login/passkey', { intent: 'second-factor', response: FORGED_PASSKEY_ANSWER }),
    ],
  },
  '/logout': { fresh: true, attempts: () => [scoped('/logout')] },
  // The OAuth consent page (ADR 042): a signed-in user allows an app for himself only; an unknown app is refused.
  '/oauth/authorize': {
    attempts: () => [{ path: '/oauth/authorize?client_id=unknown', fields: { decision: 'allow', csrf: 'forged' }, expect: 'refused' }],
  },

  '/contacts/new': {
    fresh: true,
    attempts: (a) => [scoped('/contacts/new', { first_name: 'Twin', emails: `avalon.${a.markers[0]}@victim.example` })],
  },
  '/contacts/:id/merge/:otherId': {
    attempts: (a, b) => [
      deny(`/contacts/${b.contactId}/merge/${a.contactId}`, {}),
      deny(`/contacts/${a.contactId}/merge/${b.contactId}`, {}),
      deny(`/contacts/${a.contactId}/merge/${a.otherContactId}`, {}),
    ],
  },

  ...intentsOf('/contacts/:id', {
    update: {
      attempts: (a, b) => [
        deny(`/contacts/${a.contactId}`, { intent: 'update', patch: JSON.stringify({ first_name: 'Pwned' }) }),
        deny(`/contacts/${b.contactId}`, { intent: 'update', patch: JSON.stringify({ company_id: a.organizationId }) }),
      ],
    },
    merge: {
      attempts: (a, b) => [
        deny(`/contacts/${b.contactId}`, { intent: 'merge', other_id: a.contactId }),
        deny(`/contacts/${a.contactId}`, { intent: 'merge', other_id: b.contactId }),
        deny(`/contacts/${a.contactId}`, { intent: 'merge', other_id: a.otherContactId }),
      ],
    },
    delete: { attempts: (a) => [deny(`/contacts/${a.contactId}`, { intent: 'delete' })] },
    'add-relationship': {
      attempts: (a, b) => [
        deny(`/contacts/${a.contactId}`, { intent: 'add-relationship', kind: 'friend', person_name: 'Planted by B' }),
        deny(`/contacts/${b.contactId}`, { intent: 'add-relationship', kind: 'friend', other_contact_id: a.contactId }),
      ],
    },
    'edit-relationship': {
      attempts: (a, b) => [
        deny(`/contacts/${a.contactId}`, { intent: 'edit-relationship', id: a.relationshipId, kind: 'friend' }),
        deny(`/contacts/${b.contactId}`, { intent: 'edit-relationship', id: a.relationshipId, kind: 'friend' }),
        deny(`/contacts/${b.contactId}`, { intent: 'edit-relationship', id: a.personLinkId, note: 'pwned' }),
      ],
    },
    'delete-relationship': {
      attempts: (a, b) => [
        deny(`/contacts/${a.contactId}`, { intent: 'delete-relationship', id: a.relationshipId }),
        deny(`/contacts/${b.contactId}`, { intent: 'delete-relationship', id: a.relationshipId }),
        deny(`/contacts/${b.contactId}`, { intent: 'delete-relationship', id: a.personLinkId }),
      ],
    },
    unmerge: {
      attempts: (a, b) => [
        deny(`/contacts/${b.contactId}`, { intent: 'unmerge', merge_id: a.mergeId }),
        deny(`/contacts/${a.contactId}`, { intent: 'unmerge', merge_id: a.mergeId }),
      ],
    },
    'add-note': { attempts: (a) => [deny(`/contacts/${a.contactId}`, { intent: 'add-note', body: 'planted by B' })] },
    'edit-note': {
      attempts: (a, b) => [
        deny(`/contacts/${b.contactId}`, { intent: 'edit-note', id: a.interactionId, body: 'changed by B' }),
        deny(`/contacts/${a.contactId}`, { intent: 'edit-note', id: a.interactionId, body: 'changed by B' }),
        deny(`/contacts/${b.contactId}`, { intent: 'edit-note', id: a.meetingId, body: 'changed by B' }),
      ],
    },
    'delete-note': {
      attempts: (a, b) => [
        deny(`/contacts/${b.contactId}`, { intent: 'delete-note', id: a.interactionId }),
        deny(`/contacts/${b.contactId}`, { intent: 'delete-note', id: a.meetingId }),
      ],
    },
    log: {
      attempts: (a) => [deny(`/contacts/${a.contactId}`, { intent: 'log', kind: 'coffee', notes: 'planted by B', follow_up: '1_week' })],
    },
    'add-reminder': {
      attempts: (a) => [deny(`/contacts/${a.contactId}`, { intent: 'add-reminder', on: '2030-01-01', note: 'planted by B' })],
    },
    'delete-reminder': { attempts: (a, b) => [deny(`/contacts/${b.contactId}`, { intent: 'delete-reminder', id: a.reminderId })] },
    'dismiss-duplicate': {
      attempts: (a, b) => [
        deny(`/contacts/${a.contactId}`, { intent: 'dismiss-duplicate', other_id: a.otherContactId }),
        deny(`/contacts/${b.contactId}`, { intent: 'dismiss-duplicate', other_id: a.contactId }),
      ],
    },
    'add-date': { attempts: (a) => [deny(`/contacts/${a.contactId}`, { intent: 'add-date', kind: 'anniversary', month: '5', day: '6' })] },
    'edit-date': {
      attempts: (a, b) => [
        deny(`/contacts/${b.contactId}`, { intent: 'edit-date', id: a.dateId, kind: 'birthday', month: '7', day: '8' }),
        deny(`/contacts/${a.contactId}`, { intent: 'edit-date', id: a.dateId, kind: 'birthday', month: '7', day: '8' }),
      ],
    },
    'delete-date': {
      attempts: (a, b) => [
        deny(`/contacts/${b.contactId}`, { intent: 'delete-date', id: a.dateId }),
        deny(`/contacts/${a.contactId}`, { intent: 'delete-date', id: a.dateId }),
      ],
    },
    'add-event': {
      attempts: (a) => [deny(`/contacts/${a.contactId}`, { intent: 'add-event', kind: 'moved', summary: 'Moved to Mars' })],
    },
    'edit-event': {
      attempts: (a, b) => [
        deny(`/contacts/${b.contactId}`, { intent: 'edit-event', id: a.lifeEventId, kind: 'moved', summary: 'pwned' }),
        deny(`/contacts/${a.contactId}`, { intent: 'edit-event', id: a.lifeEventId, kind: 'moved', summary: 'pwned' }),
      ],
    },
    'accept-event': {
      attempts: (a, b) => [
        deny(`/contacts/${b.contactId}`, { intent: 'accept-event', id: a.lifeProposalId }),
        deny(`/contacts/${a.contactId}`, { intent: 'accept-event', id: a.lifeProposalId }),
      ],
    },
    'dismiss-event': {
      attempts: (a, b) => [
        deny(`/contacts/${b.contactId}`, { intent: 'dismiss-event', id: a.lifeProposalId }),
        deny(`/contacts/${a.contactId}`, { intent: 'dismiss-event', id: a.lifeProposalId }),
      ],
    },
    'delete-event': {
      attempts: (a, b) => [
        deny(`/contacts/${b.contactId}`, { intent: 'delete-event', id: a.lifeEventId }),
        deny(`/contacts/${a.contactId}`, { intent: 'delete-event', id: a.lifeEventId }),
      ],
    },
    sync: { attempts: (a) => [deny(`/contacts/${a.contactId}`, { intent: 'sync' })] },
    ...agendaCases((b) => `/contacts/${b.contactId}`),
  }),

  ...intentsOf('/home', {
    ...agendaCases(() => '/home'),
    'accept-event': { attempts: (a) => [deny('/home', { intent: 'accept-event', id: a.lifeProposalId })] },
    'dismiss-event': { attempts: (a) => [deny('/home', { intent: 'dismiss-event', id: a.lifeProposalId })] },
    'remind-event': { attempts: (a) => [deny('/home', { intent: 'remind-event', id: a.lifeEventId })] },
  }),

  ...intentsOf('/organizations/:id', {
    save: {
      attempts: (a) => [
        deny(`/organizations/${a.organizationId}`, {
          intent: 'save',
          name: 'Pwned Org',
          website: '',
          industry: 'pwned',
          location: '',
          phone: '',
          email: '',
          notes: '',
        }),
      ],
    },
    merge: {
      attempts: (a, b) => [
        deny(`/organizations/${b.organizationId}`, { intent: 'merge', other_id: a.organizationId }),
        deny(`/organizations/${a.organizationId}`, { intent: 'merge', other_id: b.organizationId }),
      ],
    },
    delete: { attempts: (a) => [deny(`/organizations/${a.organizationId}`, { intent: 'delete' })] },
  }),

  // Tags are named per user: B renaming or deleting "A's" tag can only reach B's own contacts.
  ...intentsOf('/tags', {
    rename: { attempts: (a) => [scoped('/tags', { intent: 'rename', tag: a.tag, name: 'renamed by B' })] },
    delete: { attempts: (a) => [scoped('/tags', { intent: 'delete', tag: a.tag })] },
  }),

  ...intentsOf('/settings/audit', {
    unmerge: { attempts: (a) => [deny('/settings/audit', { intent: 'unmerge', merge_id: a.mergeId })] },
  }),
  ...intentsOf('/settings/phone-sync.mobileconfig', {
    'app-password-profile': {
      attempts: () => [scoped('/settings/phone-sync.mobileconfig', { intent: 'app-password-profile', name: 'B phone' })],
    },
  }),
  ...intentsOf('/settings', {
    'app-password-create': { attempts: () => [scoped('/settings', { intent: 'app-password-create', name: 'B phone' })] },
    'app-password-revoke': { attempts: (a) => [deny('/settings', { intent: 'app-password-revoke', id: a.appPasswordId })] },
    'connected-app-disconnect': { attempts: (a) => [deny('/settings', { intent: 'connected-app-disconnect', id: a.connectedAppId })] },
    'create-token': { attempts: () => [scoped('/settings', { intent: 'create-token', name: 'mine' })] },
    'revoke-token': { attempts: (a) => [deny('/settings', { intent: 'revoke-token', id: a.tokenId })] },
    'revoke-all-tokens': { fresh: true, attempts: () => [scoped('/settings', { intent: 'revoke-all-tokens' })] },
    // Every test user shares one password, so only a wrong current password can be tried here.
    'change-password': {
      fresh: true,
      attempts: () => [
        refused('/settings', { intent: 'change-password', current_password: 'not my password', new_password: 'taken over 12345' }),
      ],
    },
    'revoke-session': { attempts: (a) => [deny('/settings', { intent: 'revoke-session', id: a.sessionId })] },
    'logout-everywhere': { fresh: true, attempts: () => [scoped('/settings', { intent: 'logout-everywhere' })] },
    'geocode-backfill': { attempts: () => [scoped('/settings', { intent: 'geocode-backfill' })] },
    'time-zone': { attempts: () => [scoped('/settings', { intent: 'time-zone', time_zone: 'Europe/Berlin' })] },
    'delete-account': {
      fresh: true,
      attempts: (a) => [refused('/settings', { intent: 'delete-account', confirm_email: a.session.user.email, password: a.password })],
    },
    'passkey-options': { attempts: () => [scoped('/settings', { intent: 'passkey-options' })] },
    'passkey-add': { attempts: () => [refused('/settings', { intent: 'passkey-add', response: FORGED_PASSKEY_ANSWER })] },
    'passkey-rename': { attempts: (a) => [deny('/settings', { intent: 'passkey-rename', id: a.passkeyId, name: 'Mine now' })] },
    'passkey-remove': { attempts: (a) => [deny('/settings', { intent: 'passkey-remove', id: a.passkeyId, password: a.password })] },
    'two-factor-setup': { fresh: true, attempts: () => [scoped('/settings', { intent: 'two-factor-setup' })] },
    'two-factor-cancel': { fresh: true, attempts: () => [scoped('/settings', { intent: 'two-factor-cancel' })] },
    'two-factor-enable': { fresh: true, attempts: () => [refused('/settings', { intent: 'two-factor-enable', code: '000000' })] },
    'two-factor-disable': {
      fresh: true,
      attempts: (a) => [refused('/settings', { intent: 'two-factor-disable', password: a.password, code: '000000' })],
    },
    'two-factor-recovery-codes': {
      fresh: true,
      attempts: (a) => [refused('/settings', { intent: 'two-factor-recovery-codes', password: a.password, code: '000000' })],
    },
    'cadence-defaults': { attempts: () => [scoped('/settings', { intent: 'cadence-defaults', high_every: '2', high_unit: 'week' })] },
    'calendar-feed-create': { attempts: () => [scoped('/settings', { intent: 'calendar-feed-create' })] },
    'calendar-feed-revoke': { attempts: () => [scoped('/settings', { intent: 'calendar-feed-revoke' })] },
    'weekly-digest': { attempts: () => [scoped('/settings', { intent: 'weekly-digest', weekly_digest: 'on' })] },
    'life-event-reading': { attempts: () => [scoped('/settings', { intent: 'life-event-reading' })] },
    'webhook-create': {
      attempts: () => [scoped('/settings', { intent: 'webhook-create', url: 'https://10.0.0.1/steal', events: 'contact.created' })],
    },
    'webhook-toggle': { attempts: (a) => [deny('/settings', { intent: 'webhook-toggle', id: a.webhookId, enabled: 'false' })] },
    'webhook-delete': { attempts: (a) => [deny('/settings', { intent: 'webhook-delete', id: a.webhookId })] },
    'webhook-rotate': { attempts: (a) => [deny('/settings', { intent: 'webhook-rotate', id: a.webhookId })] },
    'webhook-test': { attempts: (a) => [deny('/settings', { intent: 'webhook-test', id: a.webhookId })] },
    'webhook-redeliver': {
      attempts: (a) => [deny('/settings', { intent: 'webhook-redeliver', id: a.webhookId, delivery_id: a.webhookDeliveryId })],
    },
  }),

  // The "Failed background jobs" card answers with a notice on Settings, also for a job that is not B's.
  ...intentsOf('/settings/failed-jobs', {
    replay: {
      attempts: (a) => [
        {
          path: '/settings/failed-jobs',
          fields: { intent: 'replay', id: a.deadLetterId },
          expect: { redirect: /already%20replayed%20or%20dismissed/ },
        },
      ],
    },
    dismiss: {
      attempts: (a) => [
        {
          path: '/settings/failed-jobs',
          fields: { intent: 'dismiss', id: a.deadLetterId },
          expect: { redirect: /already%20replayed%20or%20dismissed/ },
        },
      ],
    },
  }),

  // Channels are named per user: B's forms on the integration cards only ever reach B's own connection.
  ...intentsOf('/settings/integrations/:channel', {
    disconnect: {
      attempts: () =>
        ['gmail', 'telegram', 'x', 'linkedin'].map((channel) => scoped(`/settings/integrations/${channel}`, { intent: 'disconnect' })),
    },
    sync: { attempts: () => ['gmail', 'telegram', 'x'].map((channel) => scoped(`/settings/integrations/${channel}`, { intent: 'sync' })) },
    login: { attempts: () => [scoped(TELEGRAM, { intent: 'login', phone: '+15550001234' })] },
    code: { attempts: () => [scoped(TELEGRAM, { intent: 'code', code: '99999' })] },
    password: { attempts: () => [scoped(TELEGRAM, { intent: 'password', password: 'not mine' })] },
    settings: { attempts: () => [scoped(TELEGRAM, { intent: 'settings', tag_second_tier: 'on' })] },
  }),
};
