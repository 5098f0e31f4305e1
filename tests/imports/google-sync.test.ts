import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { as, call, json, signUp, type Session } from '../support/client';
import { allContacts, waitForImport } from '../support/imports';
import { connectThroughConsent } from '../support/oauth';
import { userD1 } from '../support/stores';

const fake = () => inject('fakeProvidersUrl');
const scenario = (body: Record<string, unknown>) => fetch(`${fake()}/__scenario/google`, { method: 'POST', body: JSON.stringify(body) });
const fakeLog = async (account: string) =>
  (await fetch(`${fake()}/__scenario/google/log?account=${account}`)).json() as Promise<{ kind: string; params: Record<string, string> }[]>;

const person = (id: string, fields: Record<string, unknown>) => ({ resourceName: `people/${id}`, etag: `%E${id}`, ...fields });
const ada = person('c1', {
  names: [{ givenName: 'Ada', familyName: 'Lovelace', displayName: 'Ada Lovelace', metadata: { primary: true } }],
  emailAddresses: [{ value: 'ada@example.org', type: 'home' }, { value: 'not an email' }],
  phoneNumbers: [{ value: '+44 20 7946 0000', canonicalForm: '+442079460000' }],
  organizations: [{ name: 'Analytical Engines', title: 'Mathematician' }],
  addresses: [{ formattedValue: '12 St James Sq\nLondon, UK', city: 'London', country: 'United Kingdom' }],
  photos: [{ url: 'https://lh3.googleusercontent.com/a/ada', default: false }],
});
const babbage = person('c2', { names: [{ displayName: 'Charles Babbage' }], emailAddresses: [{ value: 'charles@example.org' }] });
const nameless = person('c3', { photos: [{ url: 'https://lh3.googleusercontent.com/a/default', default: true }] });

/** Settings → Connect Google → (fake) consent → callback: returns the first sync's import id. */
async function connectGoogle(me: Session, account: string): Promise<string> {
  const { landing } = await connectThroughConsent(me, '/settings/google/connect', account);
  expect(landing.searchParams.get('google_error')).toBeNull();
  return landing.searchParams.get('google_import')!;
}

async function syncNow(me: Session) {
  const res = await as(me, '/api/v1/sync/google-contacts', { method: 'POST' });
  expect(res.status).toBe(202);
  return waitForImport(me, (await json(res)).data.import_id);
}

describe('Google Contacts sync', () => {
  it('sends the user to Google with PKCE and state, and stores the tokens encrypted', async () => {
    const me = await signUp();
    const res = await as(me, '/settings/google/connect');
    const url = new URL(res.headers.get('location')!);
    expect(url.origin + url.pathname).toBe(`${fake()}/google/accounts/o/oauth2/v2/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'test-google-client',
      response_type: 'code',
      redirect_uri: 'http://kith.test/settings/google/callback',
      scope: 'https://www.googleapis.com/auth/contacts.readonly',
      code_challenge_method: 'S256',
      access_type: 'offline',
    });
    expect(url.searchParams.get('state')!.length).toBeGreaterThan(20);
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await scenario({ account: 'enc', people: [babbage] });
    await waitForImport(me, await connectGoogle(me, 'enc'));
    const row = await (
      await userD1(me)
    )
      .prepare('SELECT access_token_enc, refresh_token_enc FROM google_connections WHERE user_id = ?')
      .bind(me.user.id)
      .first<Record<string, string>>();
    expect(row!.access_token_enc).not.toMatch(/ya29\./);
    expect(row!.refresh_token_enc).not.toMatch(/^1\/\//);
    expect(row!.access_token_enc).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('imports every page of contacts, then syncs only changes and never deletes', async () => {
    const me = await signUp();
    await scenario({ account: 'pages', people: [ada, babbage, nameless], pageSize: 2 });
    const first = await waitForImport(me, await connectGoogle(me, 'pages'));
    expect(first).toMatchObject({
      status: 'done',
      source: 'google',
      total: 3,
      created: 2,
      skipped: 1,
      errors: [{ row: 3, message: 'No name, email or phone' }],
    });
    const contacts = await allContacts(me);
    expect(contacts.find((c) => c.full_name === 'Ada Lovelace')).toMatchObject({
      source: 'google',
      emails: ['ada@example.org'],
      phones: ['+44 20 7946 0000'],
      company: { name: 'Analytical Engines' },
      title: 'Mathematician',
      location: '12 St James Sq, London, UK',
      geocode_status: expect.stringMatching(/^(pending|geocoded)$/),
      avatar_url: 'https://lh3.googleusercontent.com/a/ada',
    });
    expect(contacts.find((c) => c.full_name === 'Charles Babbage')).toBeTruthy();
    const fullSync = (await fakeLog('pages')).filter((l) => l.kind === 'connections');
    expect(fullSync).toHaveLength(2);
    expect(fullSync[0]!.params).toMatchObject({
      personFields: 'names,emailAddresses,phoneNumbers,organizations,addresses,photos,memberships,biographies',
      requestSyncToken: 'true',
    });
    expect(fullSync[0]!.params.syncToken).toBeUndefined();
    expect(fullSync[1]!.params.pageToken).toBe('2');

    // In Google: Babbage deleted, Ada gets a second email, Grace is new.
    const grace = person('c4', { names: [{ givenName: 'Grace', familyName: 'Hopper' }], emailAddresses: [{ value: 'grace@navy.mil' }] });
    await scenario({
      account: 'pages',
      people: [{ ...ada, emailAddresses: [{ value: 'ada@example.org' }, { value: 'ada@engine.org' }] }, grace],
      deleted: ['people/c2'],
    });
    const second = await syncNow(me);
    expect(second).toMatchObject({ status: 'done', total: 2, created: 1, updated: 1 });
    const incremental = (await fakeLog('pages')).filter((l) => l.kind === 'connections').at(-1)!;
    expect(incremental.params.syncToken).toMatch(/^sync-/);
    const after = await allContacts(me);
    expect(after.map((c) => c.full_name).sort()).toEqual(['Ada Lovelace', 'Charles Babbage', 'Grace Hopper']);
    expect(after.find((c) => c.full_name === 'Ada Lovelace').emails).toEqual(['ada@example.org', 'ada@engine.org']);
  });

  it('starts over with a full sync when Google says the sync token expired', async () => {
    const me = await signUp();
    await scenario({ account: 'expired', people: [ada, babbage] });
    await waitForImport(me, await connectGoogle(me, 'expired'));
    await scenario({ account: 'expired', expireSyncTokens: true });
    const result = await syncNow(me);
    expect(result).toMatchObject({ status: 'done', total: 2, created: 0, skipped: 2 });
    const calls = (await fakeLog('expired')).filter((l) => l.kind === 'connections').slice(-2);
    expect(calls[0]!.params.syncToken).toBeDefined();
    expect(calls[1]!.params.syncToken).toBeUndefined();
    expect(await allContacts(me)).toHaveLength(2);
  });

  it('refreshes an expired or revoked access token and carries on', async () => {
    const me = await signUp();
    await scenario({ account: 'refresh', people: [babbage], accessTokenExpiresIn: 3599 });
    await waitForImport(me, await connectGoogle(me, 'refresh'));
    await scenario({ account: 'refresh', revokeAccessTokens: true, people: [ada] });
    expect(await syncNow(me)).toMatchObject({ status: 'done', created: 1 });
    const kinds = (await fakeLog('refresh')).map((l) => l.kind);
    // The account's labels are read once per sync, after the first page came through.
    expect(kinds.slice(-4)).toEqual(['contactGroups', 'token:refresh_token', 'connections', 'contactGroups']);
    // An access token about to expire is refreshed before the call.
    await scenario({ account: 'refresh', accessTokenExpiresIn: 30, revokeAccessTokens: true });
    await syncNow(me);
    const before = (await fakeLog('refresh')).length;
    expect(await syncNow(me)).toMatchObject({ status: 'done' });
    expect((await fakeLog('refresh')).slice(before).map((l) => l.kind)).toEqual(['token:refresh_token', 'connections', 'contactGroups']);
  });

  it("refuses a sync before connecting, and a callback with another user's state", async () => {
    const me = await signUp();
    const res = await as(me, '/api/v1/sync/google-contacts', { method: 'POST' });
    expect(res.status).toBe(409);
    expect((await json(res)).error.code).toBe('channel_not_connected');

    const victim = await signUp();
    const start = await as(victim, '/settings/google/connect');
    const consent = new URL(start.headers.get('location')!);
    const back = await fetch(consent.toString(), { redirect: 'manual' });
    const callback = new URL(back.headers.get('location')!);
    const hijack = await as(me, callback.pathname + callback.search);
    expect(hijack.headers.get('location')).toMatch(/google_error=.*expired%20or%20not%20yours/);
    expect(
      await (await userD1(me)).prepare('SELECT count(*) AS n FROM google_connections WHERE user_id = ?').bind(me.user.id).first('n'),
    ).toBe(0);
    expect((await call('/api/v1/sync/google-contacts', { method: 'POST' })).status).toBe(401);
  });

  it("turns the user's labels into tags and drops Google's system groups, by the same rule as the file imports", async () => {
    const me = await signUp();
    const member = (group: string) => ({
      contactGroupMembership: { contactGroupId: group, contactGroupResourceName: `contactGroups/${group}` },
    });
    const rosalind = person('g1', {
      names: [{ givenName: 'Rosalind', familyName: 'Franklin', metadata: { primary: true } }],
      emailAddresses: [{ value: 'rosalind@kings.example' }],
      memberships: [member('myContacts'), member('starred'), member('friends'), member('7c1a2b3d4e5f'), member('unknown-group')],
    });
    await scenario({
      account: 'labels',
      people: [rosalind],
      groups: [{ resourceName: 'contactGroups/7c1a2b3d4e5f', name: 'Crystallography' }],
    });
    expect(await waitForImport(me, await connectGoogle(me, 'labels'))).toMatchObject({ status: 'done', created: 1 });
    expect([...(await allContacts(me))[0].tags].sort()).toEqual(['Crystallography', 'Friends']);
  });

  it('reports a label longer than a tag may be and keeps it whole in the notes, as the file imports do (ADR 078)', async () => {
    const me = await signUp();
    const label = 'Royal Society lecture attendees, autumn season, who asked about the engine';
    const mary = person('t1', {
      names: [{ givenName: 'Mary', familyName: 'Somerville', metadata: { primary: true } }],
      emailAddresses: [{ value: 'mary@example.org' }],
      memberships: [{ contactGroupMembership: { contactGroupResourceName: 'contactGroups/5e6f7a8b' } }],
    });
    await scenario({ account: 'long-label', people: [mary], groups: [{ resourceName: 'contactGroups/5e6f7a8b', name: label }] });
    const report = await waitForImport(me, await connectGoogle(me, 'long-label'));
    expect(report).toMatchObject({ status: 'done', created: 1 });
    expect(report.warnings).toEqual([
      expect.objectContaining({ field: 'Tag', value: label, message: expect.stringMatching(/longer than a tag/) }),
    ]);
    const [contact] = await allContacts(me);
    expect(contact.tags).toEqual([]);
    expect(contact.notes).toContain(`Tag: ${label}`);
  });

  it("brings a contact's Google notes into Kith's notes, and reports notes longer than Kith's 20 000 characters (ADR 082)", async () => {
    const me = await signUp();
    const note = 'Met at the Royal Society.\nAsked about the Difference Engine.';
    const long = 'Punched cards for the loom. '.repeat(800);
    const notesOf = (id: string, value: string) =>
      person(id, {
        names: [{ givenName: `Note${id}`, familyName: 'Keeper', metadata: { primary: true } }],
        biographies: [{ value, contentType: 'TEXT_PLAIN' }],
      });
    await scenario({ account: 'notes', people: [notesOf('n1', note), notesOf('n2', long)] });
    const report = await waitForImport(me, await connectGoogle(me, 'notes'));
    expect(report).toMatchObject({ status: 'done', created: 2 });
    expect(report.warnings).toEqual([
      expect.objectContaining({ row: 2, field: 'Notes', message: 'are longer than 20,000 characters; cut' }),
    ]);
    const contacts = await allContacts(me);
    expect(contacts.find((c) => c.first_name === 'Noten1').notes).toBe(note);
    expect(contacts.find((c) => c.first_name === 'Noten2').notes).toBe(long.trim().slice(0, 20_000));
  });

  it('reads Google notes sent as HTML as text: no tags, line breaks kept, entities read (ADR 082)', async () => {
    const me = await signUp();
    const html = '<p>Met at <b>Web&nbsp;Summit</b> &amp; dinner</p><p>Likes chess<br>and tea &#8212; 5&lt;6</p>';
    await scenario({
      account: 'html-notes',
      people: [
        person('h1', {
          names: [{ givenName: 'Hedy', familyName: 'Markup', metadata: { primary: true } }],
          biographies: [{ value: html, contentType: 'TEXT_HTML' }],
        }),
      ],
    });
    expect(await waitForImport(me, await connectGoogle(me, 'html-notes'))).toMatchObject({ status: 'done', created: 1 });
    const [contact] = await allContacts(me);
    expect(contact.notes).toBe('Met at Web Summit & dinner\nLikes chess\nand tea — 5<6');
  });
});
