import { describe, expect, it } from 'vitest';
import { as, createContact, json, signUp } from '../support/client';

const LOADER = encodeURIComponent('routes/_app.contacts.$id');

describe('pages name fields the way people read them', () => {
  it('says which email of several is wrong, by its place in the list and not by its API path', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Ada' });
    const save = async (patch: Record<string, unknown>) =>
      json(
        await as(me, `/contacts/${c.id}?_data=${LOADER}`, {
          method: 'POST',
          body: new URLSearchParams({ intent: 'update', patch: JSON.stringify(patch) }),
        }),
      );
    const emails = await save({ emails: ['ada@example.org', 'not an address'] });
    expect(emails.error.message).toBe('Email 2 must be a valid email address');
    const url = await save({ linkedin_url: 'javascript:alert(1)' });
    expect(url.error.message).toMatch(/^LinkedIn URL /);
    expect(url.error.message).not.toMatch(/linkedin_url|emails\.\d/);
  });

  it('keeps the API paths for API clients', async () => {
    const me = await signUp();
    const res = await as(me, '/api/v1/contacts', { method: 'POST', json: { first_name: 'Ada', emails: ['ada@example.org', 'nope'] } });
    expect(res.status).toBe(400);
    expect((await json(res)).error.details.issues).toEqual([expect.objectContaining({ path: 'emails.1' })]);
  });
});
