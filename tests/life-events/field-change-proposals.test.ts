import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { as, call, createContact, json, signUp, type Session } from '../support/client';
import { upload, waitForImport } from '../support/imports';
import { connectThroughConsent } from '../support/oauth';
import { uniqueKey } from '../ai/fakes-control';
import { receivedWhere, register } from '../webhooks/support';

// A company, title or location that differs from the card, arriving from each of the four
// field sources, is proposed as news with the old and new values as its evidence (ADR 036).

const proposals = async (me: Session) => (await json(await as(me, '/api/v1/life-events/proposals'))).data as any[];
const seen = async (me: Session) =>
  (await proposals(me)).map((p) => [
    p.contact_name,
    p.kind,
    p.summary,
    p.source,
    p.evidence.field,
    p.evidence.old_value,
    p.evidence.new_value,
  ]);

describe('proposals from field changes', () => {
  it('from the enrichment refresh: a new job and a move, never a field that was empty, each announced as life_event.found', async () => {
    const me = await signUp();
    const hook = uniqueKey('enrich-found');
    await register(me, hook, ['life_event.found']);
    const email = `${uniqueKey('ada')}@example.com`;
    const ada = await createContact(me, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      emails: [email],
      company: 'Acme',
      title: 'CTO',
      location: 'Paris, France',
    });
    const blank = await createContact(me, { first_name: 'Bo', emails: [`${uniqueKey('bo')}@example.com`] });
    expect((await as(me, `/api/v1/contacts/${ada.id}/enrich`, { method: 'POST' })).status).toBe(200);
    expect((await as(me, `/api/v1/contacts/${blank.id}/enrich`, { method: 'POST' })).status).toBe(200);

    // The fake Apollo answers VP Engineering at Initech, in Berlin; Bo's empty fields were filled, which is no news.
    expect(await seen(me)).toEqual(
      expect.arrayContaining([
        [
          'Ada Lovelace',
          'new_job',
          'New job at Initech as VP Engineering',
          'enrichment',
          'job',
          'CTO at Acme',
          'VP Engineering at Initech',
        ],
        ['Ada Lovelace', 'moved', 'Moved to Berlin, Germany', 'enrichment', 'location', 'Paris, France', 'Berlin, Germany'],
      ]),
    );
    expect(await seen(me)).toHaveLength(2);
    // The card itself keeps its values: enrichment fills only empty fields.
    const card = (await json(await as(me, `/api/v1/contacts/${ada.id}`))).data;
    expect(card).toMatchObject({ title: 'CTO', company: { name: 'Acme' } });

    const deliveries = await receivedWhere(hook, (b) => b.type === 'life_event.found', 'two life_event.found deliveries', 2);
    expect(deliveries.map((d) => JSON.parse(d.body).data.life_event.id).sort()).toEqual((await proposals(me)).map((p) => p.id).sort());

    // Refreshed again: the same findings are not proposed twice.
    expect((await as(me, `/api/v1/contacts/${ada.id}/enrich`, { method: 'POST' })).status).toBe(200);
    expect(await seen(me)).toHaveLength(2);
  });

  it('from an import: a re-imported row with another title proposes a promotion, linked to the import, and announces it', async () => {
    const me = await signUp();
    const hook = uniqueKey('import-found');
    await register(me, hook, ['life_event.found']);
    const first = await upload(me, '/api/v1/imports/csv', 'Name,Email,Company,Title\nGrace Hopper,grace@navy.example,US Navy,Captain\n');
    await waitForImport(me, (await json(first)).data.import_id);
    expect(await proposals(me)).toEqual([]);
    const second = await upload(
      me,
      '/api/v1/imports/csv',
      'Name,Email,Company,Title\nGrace Hopper,grace@navy.example,US Navy,Rear Admiral\n',
    );
    const importId = (await json(second)).data.import_id;
    await waitForImport(me, importId);
    const [found] = await proposals(me);
    expect(found).toMatchObject({
      contact_name: 'Grace Hopper',
      kind: 'promotion',
      summary: 'Now Rear Admiral at US Navy',
      status: 'proposed',
      source: 'import',
      evidence: {
        field: 'title',
        old_value: 'Captain',
        new_value: 'Rear Admiral',
        link: { type: 'import', id: importId, href: `/import#import-${importId}` },
      },
    });
    const [delivery] = await receivedWhere(hook, (b) => b.type === 'life_event.found', 'the life_event.found delivery');
    expect(JSON.parse(delivery!.body).data.life_event).toMatchObject({ id: found.id, summary: 'Now Rear Admiral at US Navy' });
  });

  it('from the LinkedIn extension: the profile’s position differs from the card', async () => {
    const me = await signUp();
    const token = (await json(await as(me, '/api/v1/tokens', { method: 'POST', json: { name: 'Extension' } }))).data.token;
    const send = (position: { title: string; company: string }) =>
      call('/api/v1/extension/linkedin/conversations', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        json: {
          conversations: [
            {
              id: 'urn:li:msg_conversation:9',
              participant: { name: 'Priya Raman', profile_url: 'https://www.linkedin.com/in/priya-raman/', ...position },
              messages: [],
            },
          ],
        },
      });
    expect((await send({ title: 'VP Engineering', company: 'Orbit' })).status).toBe(200);
    expect((await send({ title: 'CTO', company: 'LoopFi' })).status).toBe(200);
    expect(await seen(me)).toEqual([
      ['Priya Raman', 'new_job', 'New job at LoopFi as CTO', 'extension', 'job', 'VP Engineering at Orbit', 'CTO at LoopFi'],
    ]);
  });

  it('from a Google sync: a changed organization proposes a new job', async () => {
    const me = await signUp();
    const account = uniqueKey('g-life');
    const scenario = (people: unknown[]) =>
      fetch(`${inject('fakeProvidersUrl')}/__scenario/google`, { method: 'POST', body: JSON.stringify({ account, people }) });
    const ada = (org: { name: string; title: string }) => ({
      resourceName: 'people/c1',
      etag: `%E${org.name}`,
      names: [{ givenName: 'Ada', familyName: 'Lovelace', displayName: 'Ada Lovelace', metadata: { primary: true } }],
      emailAddresses: [{ value: 'ada@example.org' }],
      organizations: [org],
    });
    await scenario([ada({ name: 'Analytical Engines', title: 'Mathematician' })]);
    const { landing } = await connectThroughConsent(me, '/settings/google/connect', account);
    await waitForImport(me, landing.searchParams.get('google_import')!);
    await scenario([ada({ name: 'Difference Engines', title: 'Chief Mathematician' })]);
    const sync = await as(me, '/api/v1/sync/google-contacts', { method: 'POST' });
    await waitForImport(me, (await json(sync)).data.import_id);
    expect(await seen(me)).toEqual([
      [
        'Ada Lovelace',
        'new_job',
        'New job at Difference Engines as Chief Mathematician',
        'google',
        'job',
        'Mathematician at Analytical Engines',
        'Chief Mathematician at Difference Engines',
      ],
    ]);
  });
});

describe("the What's new inbox", () => {
  it('accepts a proposal (corrected, with a reminder) and dismisses another, which is not proposed again', async () => {
    const me = await signUp();
    const csv = (title: string, place: string) => `Name,Email,Title,Location\nLin Wu,lin@example.org,${title},${place}\n`;
    await waitForImport(me, (await json(await upload(me, '/api/v1/imports/csv', csv('Designer', 'Oslo')))).data.import_id);
    await waitForImport(me, (await json(await upload(me, '/api/v1/imports/csv', csv('Design Lead', 'Bergen')))).data.import_id);
    const found = await proposals(me);
    expect(found.map((p) => p.summary).sort()).toEqual(['Moved to Bergen', 'Now Design Lead']);
    const job = found.find((p) => p.kind === 'promotion');
    const move = found.find((p) => p.kind === 'moved');

    const accepted = await as(me, `/api/v1/life-events/proposals/${job.id}/accept`, {
      method: 'POST',
      json: { summary: 'Design Lead at Fjord', happened_on: '2026-11-02', recurs: true, remind_on: '2026-12-01' },
    });
    expect(accepted.status).toBe(200);
    const { event, reminder } = (await json(accepted)).data;
    expect(event).toMatchObject({ status: 'accepted', summary: 'Design Lead at Fjord', recurs: true, evidence: { old_value: 'Designer' } });
    expect(reminder).toMatchObject({ remind_on: '2026-12-01', note: 'Get in touch: Design Lead at Fjord' });
    expect((await as(me, `/api/v1/life-events/proposals/${job.id}/accept`, { method: 'POST' })).status).toBe(409);

    expect((await as(me, `/api/v1/life-events/proposals/${move.id}/dismiss`, { method: 'POST' })).status).toBe(200);
    expect(await proposals(me)).toEqual([]);
    const life = (await json(await as(me, `/api/v1/contacts/${job.contact_id}/events`))).data;
    expect(life.map((e: any) => e.summary)).toEqual(['Design Lead at Fjord']);

    // The same file again: the dismissed move and the accepted job are not proposed again.
    await waitForImport(me, (await json(await upload(me, '/api/v1/imports/csv', csv('Design Lead', 'Bergen')))).data.import_id);
    expect(await proposals(me)).toEqual([]);
  });
});
