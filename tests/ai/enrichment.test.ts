import { describe, expect, it } from 'vitest';
import { enrichContact } from '../../worker/domain/enrichment/enrich-contact';
import { AppError } from '../../worker/domain/errors';
import { as, call, createContact, json, signUp, type Session } from '../support/client';
import { requestsTo, steer, uniqueKey } from './fakes-control';
import { userD1, userDeps } from '../support/stores';

const enrich = (session: Awaited<ReturnType<typeof signUp>>, id: string) =>
  as(session, `/api/v1/contacts/${id}/enrich`, { method: 'POST' });

function person(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Grace',
    last_name: 'Hopper',
    title: 'Rear Admiral',
    email: null,
    personal_emails: [],
    linkedin_url: 'http://www.linkedin.com/in/grace-hopper-navy',
    twitter_url: 'https://twitter.com/gracehopper',
    photo_url: 'https://media.licdn.com/grace.jpg',
    city: 'Arlington',
    state: 'Virginia',
    country: 'United States',
    organization: { name: 'US Navy', website_url: 'http://www.navy.mil' },
    phone_numbers: [{ raw_number: '+1 703-555-0100', sanitized_number: '+17035550100', type: 'work_direct' }],
    ...overrides,
  };
}

async function timelineOf(me: Session, contactId: string) {
  const { results } = await (
    await userD1(me)
  )
    .prepare('SELECT kind, body, source FROM interactions WHERE contact_id = ?')
    .bind(contactId)
    .all();
  return results as { kind: string; body: string; source: string }[];
}

describe('POST /contacts/{id}/enrich', () => {
  it('looks the person up by email when the contact has one, with the key in x-api-key', async () => {
    const me = await signUp();
    const email = `${uniqueKey('lookup')}@example.com`;
    const c = await createContact(me, { emails: [email], linkedin_url: 'https://www.linkedin.com/in/somebody-else' });
    expect((await enrich(me, c.id)).status).toBe(200);
    const [sent] = await requestsTo('apollo', email);
    expect(JSON.parse(sent!.body)).toEqual({ email });
    expect(sent!.headers['x-api-key']).toBe('test-apollo-key');
  });

  it('falls back to the LinkedIn URL when there is no email, and says what is missing when neither exists', async () => {
    const me = await signUp();
    const slug = uniqueKey('li-');
    const withLinkedin = await createContact(me, { first_name: 'Lin', linkedin_url: `https://www.linkedin.com/in/${slug}` });
    expect((await enrich(me, withLinkedin.id)).status).toBe(200);
    const [sent] = await requestsTo('apollo', slug);
    expect(JSON.parse(sent!.body)).toEqual({ linkedin_url: `https://www.linkedin.com/in/${slug}` });

    const bare = await createContact(me, { first_name: 'Nobody', phones: ['+1 415 555 0199'] });
    const res = await enrich(me, bare.id);
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body.error.code).toBe('not_processable');
    expect(body.error.message).toMatch(/email address or a LinkedIn URL/);
  });

  it('fills every empty field, links the organization, queues geocoding and logs what it added', async () => {
    const me = await signUp();
    const email = `${uniqueKey('fill')}@example.com`;
    await steer('apollo', { when: email, json: person({ email, personal_emails: ['grace.personal@example.org'] }) });
    const navy = await json(await as(me, '/api/v1/organizations', { method: 'POST', json: { name: 'US NAVY' } }));
    const c = await createContact(me, { emails: [email] });

    const res = await enrich(me, c.id);
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(data.source).toBe('enrichment');
    expect(data.skipped).toEqual([]);
    expect(new Set(data.fields_updated)).toEqual(
      new Set([
        'first_name',
        'last_name',
        'title',
        'company',
        'location',
        'linkedin_url',
        'twitter_handle',
        'avatar_url',
        'emails',
        'phones',
      ]),
    );
    expect(data.contact).toMatchObject({
      full_name: 'Grace Hopper',
      title: 'Rear Admiral',
      company: { id: navy.data.id, name: 'US NAVY' },
      location: 'Arlington, Virginia, United States',
      geocode_status: 'pending',
      linkedin_url: 'http://www.linkedin.com/in/grace-hopper-navy',
      twitter_handle: 'gracehopper',
      avatar_url: 'https://media.licdn.com/grace.jpg',
      emails: [email, 'grace.personal@example.org'],
      phones: ['+17035550100'],
    });
    const read = await json(await as(me, `/api/v1/contacts/${c.id}`));
    expect(read.data).toEqual(data.contact);

    const [entry, ...more] = await timelineOf(me, c.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ kind: 'enrichment', source: 'enrichment' });
    expect(entry!.body).toContain('Title: Rear Admiral');
    expect(entry!.body).toContain('Emails: grace.personal@example.org');
  });

  it('never overwrites a field that already has a value', async () => {
    const me = await signUp();
    const email = `${uniqueKey('keep')}@example.com`;
    await steer('apollo', { when: email, json: person({ email, phone_numbers: [] }) });
    const before = await createContact(me, {
      first_name: 'Amazing',
      last_name: 'Grace',
      emails: [email],
      phones: ['+44 20 7946 0018'],
      title: 'Commodore',
      company: 'Harvard',
      location: 'Cambridge, MA',
      linkedin_url: 'https://www.linkedin.com/in/amazing-grace',
      twitter_handle: 'amazing',
      avatar_url: 'https://example.org/me.png',
    });
    const { data } = await json(await enrich(me, before.id));
    expect(data.fields_updated).toEqual([]);
    expect(data.contact).toEqual(before);
    expect(await timelineOf(me, before.id)).toEqual([]);
  });

  it('skips and reports a found identifier that belongs to another contact, and still saves the rest', async () => {
    const me = await signUp();
    const email = `${uniqueKey('conflict')}@example.com`;
    await steer('apollo', { when: email, json: person({ email, personal_emails: ['taken@example.org', 'free@example.org'] }) });
    const other = await createContact(me, {
      first_name: 'Other',
      emails: ['Taken@example.org'],
      twitter_handle: 'GraceHopper',
      phones: ['+1 (703) 555-0100'],
    });
    const c = await createContact(me, { emails: [email] });

    const res = await enrich(me, c.id);
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(data.skipped).toEqual(
      expect.arrayContaining([
        {
          field: 'emails',
          value: 'taken@example.org',
          reason: 'duplicate_identifier',
          existing_contact: { id: other.id, full_name: 'Other' },
        },
        {
          field: 'twitter_handle',
          value: 'gracehopper',
          reason: 'duplicate_identifier',
          existing_contact: { id: other.id, full_name: 'Other' },
        },
        { field: 'phones', value: '+17035550100', reason: 'duplicate_identifier', existing_contact: { id: other.id, full_name: 'Other' } },
      ]),
    );
    expect(data.skipped).toHaveLength(3);
    expect(data.contact.emails).toEqual([email, 'free@example.org']);
    expect(data.contact.twitter_handle).toBeNull();
    expect(data.contact.phones).toEqual([]);
    expect(data.contact.title).toBe('Rear Admiral');
    expect(data.fields_updated).not.toContain('twitter_handle');
    expect(data.fields_updated).not.toContain('phones');
  });

  it('answers 200 with nothing updated when nobody matches', async () => {
    const me = await signUp();
    const email = `${uniqueKey('nomatch')}@example.com`;
    await steer('apollo', { when: email, json: null });
    const c = await createContact(me, { emails: [email] });
    const res = await enrich(me, c.id);
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(data).toMatchObject({ fields_updated: [], skipped: [], source: 'enrichment' });
    expect(data.contact).toEqual(c);
    expect(await timelineOf(me, c.id)).toEqual([]);
  });

  it('turns an Apollo 401 into 502 provider_error and keeps the user signed in', async () => {
    const me = await signUp();
    const email = `${uniqueKey('e401')}@example.com`;
    await steer('apollo', { when: email, status: 401, json: { error: 'Invalid access credentials.' } });
    const c = await createContact(me, { emails: [email] });
    const res = await enrich(me, c.id);
    expect(res.status).toBe(502);
    const body = await json(res);
    expect(body.error.code).toBe('provider_error');
    expect(JSON.stringify(body)).not.toContain('Invalid access credentials');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect((await as(me, '/api/v1/me')).status).toBe(200);
  });

  it("passes an Apollo 429 on as our 429 with Apollo's Retry-After", async () => {
    const me = await signUp();
    const email = `${uniqueKey('e429')}@example.com`;
    await steer('apollo', {
      when: email,
      status: 429,
      headers: { 'retry-after': '42' },
      json: { message: 'The maximum number of api calls allowed' },
    });
    const c = await createContact(me, { emails: [email] });
    const res = await enrich(me, c.id);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('42');
    const body = await json(res);
    expect(body.error).toMatchObject({ code: 'rate_limited', details: { retry_after: 42 } });
  });

  it('answers 502 on an Apollo 500 and on a garbage answer, changing nothing', async () => {
    const me = await signUp();
    for (const scenario of [{ status: 500 }, { raw: '<html>Bad gateway</html>' }, { json: 'not a person' }]) {
      const email = `${uniqueKey('bad')}@example.com`;
      await steer('apollo', { when: email, ...scenario });
      const c = await createContact(me, { emails: [email] });
      const res = await enrich(me, c.id);
      expect(res.status, JSON.stringify(scenario)).toBe(502);
      expect((await json(res)).error.code).toBe('provider_error');
      expect((await json(await as(me, `/api/v1/contacts/${c.id}`))).data).toEqual(c);
    }
  });

  it("answers 404 for another user's contact and 401 without a session", async () => {
    const owner = await signUp();
    const stranger = await signUp();
    const c = await createContact(owner, { emails: [`${uniqueKey('iso')}@example.com`] });
    const res = await enrich(stranger, c.id);
    expect(res.status).toBe(404);
    expect((await json(res)).error.code).toBe('not_found');
    expect((await call(`/api/v1/contacts/${c.id}/enrich`, { method: 'POST' })).status).toBe(401);
    expect((await json(await as(owner, `/api/v1/contacts/${c.id}`))).data).toEqual(c);
  });

  it('answers 503 not_configured without ENRICHMENT_API_KEY', async () => {
    const me = await signUp();
    const c = await createContact(me, { emails: [`${uniqueKey('nokey')}@example.com`] });
    const deps = await userDeps(me);
    const withoutKey = { ...deps, settings: { ...deps.settings, ENRICHMENT_API_KEY: undefined } };
    const error = await enrichContact(withoutKey, me.user.id, c.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'not_configured', status: 503 });
  });
});
