import { env } from 'cloudflare:workers';
import { generateFollowups } from '../../worker/domain/followups/followups';
import { as, call, createContact, json, ORIGIN, signUp, type Session } from '../support/client';
import { upload, waitForImport } from '../support/imports';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { userD1, userDeps } from '../support/stores';
import { newPushDevice } from '../support/push-device';
import { connectApp } from '../support/mcp-oauth';

/** Words that only user A's data contains: finding one in B's answer is a leak. */
export interface Victim {
  session: Session;
  password: string;
  token: string;
  tokenId: string;
  /** A sync password of A's (its device name carries the marker). */
  appPasswordId: string;
  /** An app A connected through OAuth (ADR 042), named with the marker. */
  connectedAppId: string;
  pushDeviceId: string;
  sessionId: string;
  contactId: string;
  otherContactId: string;
  organizationId: string;
  interactionId: string;
  meetingId: string;
  dateId: string;
  relationshipId: string;
  personLinkId: string;
  personId: string;
  lifeEventId: string;
  /** A document on A's contact, named with the marker (ADR 066). */
  fileId: string;
  /** A found event of A's, waiting in What's new. */
  lifeProposalId: string;
  importId: string;
  followupId: string;
  reminderId: string;
  deadLetterId: string;
  smartListId: string;
  photoHash: string;
  linkedinOutboxId: string;
  /** A merge of two throwaway contacts of A's, which Unmerge could undo. */
  mergeId: string;
  /** A's passkey, named with the marker (docs/decisions/027). */
  passkeyId: string;
  webhookId: string;
  webhookDeliveryId: string;
  tag: string;
  markers: string[];
}

export interface Attacker {
  session: Session;
  token: string;
  contactId: string;
  organizationId: string;
  interactionId: string;
}

const PASSWORD = 'correct horse battery';
/** Every scope: the matrix asks whether B reaches A's data, not what a scope allows (route-scopes.test.ts). */
const EVERY_SCOPE = ['contacts:read', 'contacts:write', 'account'];
/** A 1×1 PNG, the smallest photo a vCard can carry. */
const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const bearer = (token: string, init: RequestInit = {}) => {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${token}`);
  return { ...init, headers };
};

async function ok<T = any>(res: Response, what: string): Promise<T> {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? (undefined as T) : (await json(res)).data;
}

/** User A with one of everything the API can name by id, each carrying a unique marker word. */
export async function makeVictim(): Promise<Victim> {
  const mark = `zq${Math.random().toString(36).slice(2, 8)}`;
  const session = await signUp(`Victim ${mark}`);
  const a = (path: string, init: RequestInit & { json?: unknown } = {}) => as(session, `/api/v1${path}`, init);
  const org = await ok(
    await a('/organizations', { method: 'POST', json: { name: `Orgmark ${mark}`, website: `https://${mark}.example` } }),
    'org',
  );
  const contact = await createContact(session, {
    first_name: `Avalon${mark}`,
    last_name: 'Victimsson',
    emails: [`avalon.${mark}@victim.example`],
    phones: ['+33612345678'],
    company: org.name,
    tags: [`tag${mark}`, '2nd tier'],
    notes: `secret notes ${mark}`,
    telegram_username: `tg${mark}`,
    linkedin_url: `https://www.linkedin.com/in/li${mark}`,
  });
  const other = await createContact(session, {
    first_name: `Avalon${mark}`,
    last_name: 'Victimsson',
    emails: [`second.${mark}@victim.example`],
  });
  const note = await ok(await a(`/contacts/${contact.id}/notes`, { method: 'POST', json: { body: `note body ${mark}` } }), 'note');
  const meeting = await ok(
    await a(`/contacts/${contact.id}/meetings`, {
      method: 'POST',
      json: { title: `meeting ${mark}`, occurred_at: '2026-01-02T10:00:00.000Z' },
    }),
    'meeting',
  );
  const date = await ok(await a(`/contacts/${contact.id}/dates`, { method: 'POST', json: { kind: 'birthday', month: 2, day: 3 } }), 'date');
  const link = await ok(
    await a(`/contacts/${contact.id}/relationships`, {
      method: 'POST',
      json: { kind: 'sibling', other_contact_id: other.id, note: `sibling note ${mark}`, since: '2001' },
    }),
    'relationship',
  );
  const personLink = await ok(
    await a(`/contacts/${contact.id}/relationships`, {
      method: 'POST',
      json: { kind: 'child', person: { name: `Mia${mark}`, note: `person note ${mark}` } },
    }),
    'person link',
  );
  const lifeEvent = await ok(
    await a(`/contacts/${contact.id}/events`, {
      method: 'POST',
      json: { kind: 'new_job', summary: `New job at ${mark}`, happened_on: '2024-03-04', recurs: true, evidence: `evidence ${mark}` },
    }),
    'life event',
  );
  const fileForm = new FormData();
  fileForm.set('file', new File([`%PDF-1.4 file ${mark}`], `lease ${mark}.pdf`, { type: 'application/pdf' }));
  const file = await ok(await a(`/contacts/${contact.id}/files`, { method: 'POST', body: fileForm }), 'file');
  const imported = await ok(
    await upload(session, '/api/v1/imports/csv', `Name,Email\nImported${mark} Person,imp.${mark}@victim.example\n`),
    'import',
  );
  await waitForImport(session, imported.import_id);
  const smartList = await ok(
    await a('/smart-lists', { method: 'POST', json: { name: `List ${mark}`, filters: { q: mark } } }),
    'smart list',
  );
  const vcard = `BEGIN:VCARD\r\nVERSION:3.0\r\nN:Photo${mark};Pictured;;;\r\nFN:Pictured Photo${mark}\r\nPHOTO;ENCODING=b;TYPE=PNG:${PIXEL_PNG}\r\nEND:VCARD\r\n`;
  const vcardImport = await ok(await upload(session, '/api/v1/imports/vcard', vcard, {}, 'contacts.vcf'), 'vcard import');
  await waitForImport(session, vcardImport.import_id);
  const pictured = await ok<any[]>(await a(`/contacts?q=Photo${mark}`), 'pictured');
  const photoHash =
    String(pictured[0]?.avatar_url ?? '')
      .split('/')
      .pop() ?? '';
  if (!photoHash) throw new Error('the vCard photo was not stored');
  const token = await ok(await a('/tokens', { method: 'POST', json: { name: `token ${mark}`, scopes: EVERY_SCOPE } }), 'token');
  const appPassword = await ok(await a('/app-passwords', { method: 'POST', json: { name: `iPhone ${mark}` } }), 'sync password');
  const connectedApp = await connectApp(session, `Claude ${mark}`);
  // A LinkedIn message queued for A's browser extension.
  await ok(
    await a(`/contacts/${contact.id}/messages`, { method: 'POST', json: { channel: 'linkedin', body: `linkedin hello ${mark}` } }),
    'linkedin message',
  );
  const outbox = await (
    await userD1(session)
  )
    .prepare('SELECT id FROM linkedin_outbox WHERE user_id = ?')
    .bind(session.user.id)
    .first<{ id: string }>();
  const sessions = await ok<any[]>(await a('/me/sessions'), 'sessions');
  // A suggestion is due for every contact "a year from now".
  await generateFollowups((await userDeps(session)).db, session.user.id, new Date(Date.now() + 365 * 86_400_000));
  const followups = await ok<any[]>(await a('/followups'), 'followups');
  // A reminder with a marker note, and a cadence due on the second contact.
  const reminder = await ok(
    await a(`/contacts/${contact.id}/reminders`, { method: 'POST', json: { on: '2026-01-05', note: `reminder ${mark}` } }),
    'reminder',
  );
  await ok(await a(`/contacts/${other.id}`, { method: 'PATCH', json: { cadence: { every: 1, unit: 'day' } } }), 'cadence');
  const spare = await ok(await a('/contacts', { method: 'POST', json: { first_name: `Spare ${mark}` } }), 'spare');
  const spare2 = await ok(await a('/contacts', { method: 'POST', json: { first_name: `Spare two ${mark}` } }), 'spare two');
  await ok(await a(`/contacts/${spare.id}/merge`, { method: 'POST', json: { other_id: spare2.id } }), 'merge');
  const [merge] = await ok(await a(`/contacts/${spare.id}/merges`), 'merges');
  // A webhook to the test receiver (ALLOWED_PRIVATE_HOSTS) with a test delivery in its log; on
  // import.finished only, so no webhook scan (the per-minute cron, which other tests run) moves its cursor.
  const hooks = (env as unknown as { FAKE_PROVIDERS_URL: string }).FAKE_PROVIDERS_URL;
  const webhook = await ok(
    await a('/webhooks', {
      method: 'POST',
      json: { url: `${hooks}/hooks/victim-${mark}`, events: ['import.finished'], description: `hook ${mark}` },
    }),
    'webhook',
  );
  const webhookDelivery = await ok(await a(`/webhooks/${webhook.id}/test`, { method: 'POST' }), 'test delivery');
  // A job that failed every retry; reaching the dead-letter queue takes minutes of backoff, so it is written as the consumer writes it.
  const deadLetterId = `dl-${mark}`;
  const now = new Date().toISOString();
  await (
    await userD1(session)
  )
    .prepare(
      'INSERT INTO dead_letters (id, user_id, fingerprint, job_type, body, error, attempts, first_seen_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?, 6, ?, ?)',
    )
    .bind(
      deadLetterId,
      session.user.id,
      `fp-${mark}`,
      'geocode_contact',
      JSON.stringify({ type: 'geocode_contact', user_id: session.user.id, contact_id: contact.id }),
      `provider down ${mark}`,
      now,
      now,
    )
    .run();
  // A proposal as a field change writes it (worker/domain/life-events/field-change-proposals.ts).
  const lifeProposalId = `lp-${mark}`;
  await (
    await userD1(session)
  )
    .prepare(
      `INSERT INTO life_events (id, user_id, contact_id, kind, summary, status, source, field, old_value, new_value, proposal_key, created_at, updated_at)
       VALUES (?1, ?2, ?3, 'new_job', ?4, 'proposed', 'enrichment', 'company', 'Old', ?5, ?6, ?7, ?7)`,
    )
    .bind(lifeProposalId, session.user.id, contact.id, `New job at Found ${mark}`, `Found ${mark}`, `job:${mark}`, now)
    .run();
  const key = await SoftAuthenticator.create(ORIGIN);
  const passkey = await ok(
    await a('/me/passkeys', {
      method: 'POST',
      json: {
        response: await key.register(await ok(await a('/me/passkeys/options', { method: 'POST' }), 'passkey options')),
        name: `Phone ${mark}`,
      },
    }),
    'passkey',
  );
  // A phone with notifications on (ADR 034), named with the marker.
  const pushDevice = await ok(
    await a('/push/devices', {
      method: 'POST',
      json: { ...(await newPushDevice(`Phone ${mark}`)).subscription },
    }),
    'push device',
  );
  return {
    session,
    password: PASSWORD,
    token: token.token,
    tokenId: token.id,
    appPasswordId: appPassword.id,
    connectedAppId: connectedApp.id,
    pushDeviceId: pushDevice.id,
    sessionId: sessions[0].id,
    contactId: contact.id,
    otherContactId: other.id,
    organizationId: org.id,
    interactionId: note.id,
    meetingId: meeting.id,
    dateId: date.id,
    relationshipId: link.id,
    personLinkId: personLink.id,
    personId: personLink.other.id,
    lifeEventId: lifeEvent.id,
    fileId: file.id,
    lifeProposalId,
    importId: imported.import_id,
    followupId: followups[0].id,
    reminderId: reminder.id,
    deadLetterId,
    smartListId: smartList.id,
    photoHash,
    linkedinOutboxId: outbox!.id,
    mergeId: merge.id,
    passkeyId: passkey.id,
    webhookId: webhook.id,
    webhookDeliveryId: webhookDelivery.id,
    tag: `tag${mark}`,
    markers: [mark, session.user.email, token.token, appPassword.password],
  };
}

export async function makeAttacker(): Promise<Attacker> {
  const session = await signUp('Attacker');
  const token = await ok(await as(session, '/api/v1/tokens', { method: 'POST', json: { name: 'attacker', scopes: EVERY_SCOPE } }), 'token');
  const contact = await createContact(session, { first_name: 'Mallory', emails: ['mallory@attacker.example'] });
  const org = await ok(await as(session, '/api/v1/organizations', { method: 'POST', json: { name: 'Attacker Org' } }), 'org');
  const note = await ok(await as(session, `/api/v1/contacts/${contact.id}/notes`, { method: 'POST', json: { body: 'mine' } }), 'note');
  return { session, token: token.token, contactId: contact.id, organizationId: org.id, interactionId: note.id };
}

/** Everything A can see of A's account, minus the clocks that reading it moves. */
export async function snapshot(v: Victim): Promise<string> {
  const get = async (path: string) => (await call(`/api/v1${path}`, bearer(v.token))).text();
  const parts = await Promise.all([
    get('/export.json'),
    get('/tokens'),
    get('/app-passwords'),
    get('/connected-apps'),
    get('/me/sessions'),
    get('/followups?limit=200'),
    get(`/imports/${v.importId}`),
    get('/tags'),
    get(`/contacts/${v.contactId}/dates`),
    get(`/contacts/${v.contactId}/relationships`),
    get(`/contacts/${v.otherContactId}/relationships`),
    get(`/contacts/${v.contactId}/events`),
    get(`/contacts/${v.contactId}/files`),
    get(`/contacts/${v.contactId}/events?status=proposed`),
    get('/life-events/proposals'),
    get(`/contacts/${v.contactId}/timeline?limit=200`),
    get('/me'),
    get('/admin/dead-letters'),
    get('/me/two-factor'),
    get('/integrations'),
    get('/smart-lists'),
    get('/agenda?until=2100-01-01&page_size=200'),
    get('/settings/keep-in-touch'),
    get('/webhooks'),
  ]);
  return parts.join('\n').replace(/"(last_used_at|last_seen_at|exported_at)":"[^"]*"/g, '"$1":"…"');
}

export { bearer };
