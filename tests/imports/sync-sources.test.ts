import { describe, expect, inject, it } from 'vitest';
import { as, call, json, signUp, type Session } from '../support/client';
import { allContacts, waitForImport } from '../support/imports';
import { connectThroughConsent } from '../support/oauth';

// Where each value came from (ADR 032), for the two syncs: Google's contacts and the LinkedIn
// extension's conversations record their own source on the values they bring.

const sourcesOf = async (me: Session, id: string) => (await json(await as(me, `/api/v1/contacts/${id}/sources`))).data as any[];
const scenario = (body: Record<string, unknown>) =>
  fetch(`${inject('fakeProvidersUrl')}/__scenario/google`, { method: 'POST', body: JSON.stringify(body) });

describe('sources of synced values', () => {
  it('Google sync: the values it brings are "google"', async () => {
    const me = await signUp();
    const account = `sources-${Date.now()}`;
    await scenario({
      account,
      people: [
        {
          resourceName: 'people/s1',
          etag: '%Es1',
          names: [{ givenName: 'Ada', familyName: 'Lovelace', displayName: 'Ada Lovelace', metadata: { primary: true } }],
          emailAddresses: [{ value: 'ada@sources.example' }],
          organizations: [{ name: 'Analytical Engines', title: 'Mathematician' }],
          memberships: [{ contactGroupMembership: { contactGroupId: 'friends', contactGroupResourceName: 'contactGroups/friends' } }],
        },
      ],
    });
    const { landing } = await connectThroughConsent(me, '/settings/google/connect', account);
    const run = landing.searchParams.get('google_import')!;
    expect((await waitForImport(me, run)).status).toBe('done');
    const [ada] = await allContacts(me);
    const sources = await sourcesOf(me, ada.id);
    // Each value names the sync run that brought it, as a CSV import names its import (ADR 038).
    expect(sources.map((s) => [s.field, s.value, s.source, s.source_ref])).toEqual([
      ['first_name', null, 'google', run],
      ['last_name', null, 'google', run],
      ['company', null, 'google', run],
      ['title', null, 'google', run],
      ['email', 'ada@sources.example', 'google', run],
      ['tag', 'Friends', 'google', run],
    ]);
    // The page names the sync, not its run's id.
    const html = await (await as(me, `/contacts/${ada.id}`)).text();
    expect(html).toMatch(/Title<\/dt>.*?Google sync on /s);
    expect(html).not.toContain(`“${run}”`);
  });

  it('the LinkedIn extension: the participant it adds is "linkedin"', async () => {
    const me = await signUp();
    const token = (await json(await as(me, '/api/v1/tokens', { method: 'POST', json: { name: 'Extension' } }))).data.token;
    const res = await call('/api/v1/extension/linkedin/conversations', {
      method: 'POST',
      json: {
        conversations: [
          {
            id: 'urn:li:msg_conversation:src',
            participant: { name: 'Priya Raman', profile_url: 'https://www.linkedin.com/in/priya-raman-src/' },
            messages: [{ id: 'urn:li:msg_message:src1', direction: 'in', sent_at: '2026-11-20T09:00:00Z', body: 'Hi!' }],
          },
        ],
      },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const [priya] = await allContacts(me);
    expect((await sourcesOf(me, priya.id)).find((s) => s.field === 'linkedin_url')).toMatchObject({ source: 'linkedin' });
    expect((await sourcesOf(me, priya.id)).find((s) => s.field === 'first_name')).toMatchObject({ source: 'linkedin' });
  });
});
