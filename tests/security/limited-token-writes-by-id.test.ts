import { describe, expect, it } from 'vitest';
import { as, call, createContact, json, signUp, type Session } from '../support/client';
import { newToken } from '../support/mcp-client';
import { userD1, userDeps } from '../support/stores';
import { storeContactPhoto } from '../../worker/domain/contacts/contact-photos';

// ADR 074, the class once more: what a token limited to some contacts reaches by an id it held
// from before a contact was tagged "private" (a note's, a date's, a life event's, a link's, a photo's address), or
// through the operations that work on every contact (the browser extension's outbox and
// conversation sync, the calendar feed), or on an organization through the bio wand.

const withToken = (token: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
  call(`/api/v1${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` } });

async function expectNotFound(res: Response) {
  expect(res.status).toBe(404);
  expect((await json(res)).error.code).toBe('not_found');
}

const makePrivate = (me: Session, id: string) => as(me, `/api/v1/contacts/${id}`, { method: 'PATCH', json: { tags: ['work', 'private'] } });

describe('a token limited to some contacts, on ids it held before', () => {
  it("neither changes nor deletes a hidden contact's note, date, life event or link", async () => {
    const me = await signUp();
    const vera = await createContact(me, { first_name: 'Vera', tags: ['work'] });
    const zelda = await createContact(me, { first_name: 'Zelda', last_name: 'Hidden', tags: ['work'] });
    const note = (
      await json(await as(me, `/api/v1/contacts/${zelda.id}/notes`, { method: 'POST', json: { body: 'First met at the fair' } }))
    ).data;
    const link = (
      await json(
        await as(me, `/api/v1/contacts/${vera.id}/relationships`, { method: 'POST', json: { other_contact_id: zelda.id, kind: 'friend' } }),
      )
    ).data;
    const birthday = (
      await json(await as(me, `/api/v1/contacts/${zelda.id}/dates`, { method: 'POST', json: { kind: 'birthday', month: 3, day: 14 } }))
    ).data;
    const moved = (
      await json(await as(me, `/api/v1/contacts/${zelda.id}/events`, { method: 'POST', json: { kind: 'moved', summary: 'Moved to Oslo' } }))
    ).data;
    const { token } = await newToken(me, { scopes: ['contacts:read', 'contacts:write'], hide_private: true });
    await makePrivate(me, zelda.id);

    for (const [method, path, body] of [
      ['PATCH', `/interactions/${note.id}`, { body: 'rewritten' }],
      ['DELETE', `/interactions/${note.id}`, undefined],
      ['PATCH', `/contacts/${vera.id}/relationships/${link.id}`, { kind: 'colleague' }],
      ['PATCH', `/contacts/${zelda.id}/relationships/${link.id}`, { kind: 'colleague' }],
      ['DELETE', `/contacts/${vera.id}/relationships/${link.id}`, undefined],
      ['DELETE', `/contacts/${zelda.id}/dates/${birthday.id}`, undefined],
      ['PATCH', `/contacts/${zelda.id}/events/${moved.id}`, { summary: 'Moved away' }],
      ['DELETE', `/contacts/${zelda.id}/events/${moved.id}`, undefined],
    ] as const) {
      const res = await withToken(token, path, { method, ...(body ? { json: body } : {}) });
      const text = await res.text();
      expect.soft(res.status, `${method} ${path}`).toBe(404);
      expect.soft(text, `${method} ${path}`).not.toContain('Zelda');
    }
    const timeline = (await json(await as(me, `/api/v1/contacts/${zelda.id}/timeline`))).data as { body: string }[];
    expect(timeline.map((i) => i.body)).toEqual(['First met at the fair']);
    expect((await json(await as(me, `/api/v1/contacts/${vera.id}/relationships`))).data).toMatchObject([
      { id: link.id, kind: 'friend', other: { name: 'Zelda Hidden' } },
    ]);
    expect((await json(await as(me, `/api/v1/contacts/${zelda.id}/dates`))).data).toMatchObject([{ id: birthday.id, month: 3, day: 14 }]);
    expect((await json(await as(me, `/api/v1/contacts/${zelda.id}/events`))).data).toMatchObject([
      { id: moved.id, summary: 'Moved to Oslo' },
    ]);
    // What it sees, it still changes.
    const own = (await json(await withToken(token, `/contacts/${vera.id}/notes`, { method: 'POST', json: { body: 'hello' } }))).data;
    expect((await withToken(token, `/interactions/${own.id}`, { method: 'PATCH', json: { body: 'hello again' } })).status).toBe(200);
  });
});

describe('a token limited to some contacts, on a photo it saw before', () => {
  it('does not fetch the photo of a contact since hidden, by the address it held', async () => {
    const me = await signUp();
    const zelda = await createContact(me, { first_name: 'Zelda', tags: ['work'] });
    const vera = await createContact(me, { first_name: 'Vera', tags: ['work'] });
    const png = (bytes: number[]) => new Uint8Array([0x89, 0x50, 0x4e, 0x47, ...bytes]);
    const deps = await userDeps(me);
    const face = (await storeContactPhoto(deps, me.user.id, { bytes: png([1]), contentType: 'image/png' }))!;
    const other = (await storeContactPhoto(deps, me.user.id, { bytes: png([2]), contentType: 'image/png' }))!;
    const d1 = await userD1(me);
    await d1.prepare('UPDATE contacts SET avatar_url = ?1 WHERE id = ?2').bind(face, zelda.id).run();
    await d1.prepare('UPDATE contacts SET avatar_url = ?1 WHERE id = ?2').bind(other, vera.id).run();
    const { token } = await newToken(me, { scopes: ['contacts:read'], hide_private: true });
    expect((await withToken(token, face.replace('/api/v1', ''))).status).toBe(200);
    await makePrivate(me, zelda.id);

    await expectNotFound(await withToken(token, face.replace('/api/v1', '')));
    expect((await withToken(token, other.replace('/api/v1', ''))).status).toBe(200);
    expect((await as(me, face)).status).toBe(200);
  });
});

describe('a token limited to some contacts, on every contact at once', () => {
  it("does not claim or report the extension's LinkedIn messages, nor sync its conversations", async () => {
    const me = await signUp();
    const zelda = await createContact(me, { first_name: 'Zelda', tags: ['private'], linkedin_url: 'https://www.linkedin.com/in/zelda-h' });
    const queued = await as(me, `/api/v1/contacts/${zelda.id}/messages`, {
      method: 'POST',
      json: { channel: 'linkedin', body: 'See you Tuesday' },
    });
    expect(queued.status).toBe(201);
    const { token } = await newToken(me, { scopes: ['contacts:read', 'contacts:write'], hide_private: true });

    const attempts = [
      await withToken(token, '/extension/linkedin/outbox/claim', { method: 'POST', json: {} }),
      await withToken(token, '/extension/linkedin/outbox/nope/result', { method: 'POST', json: { status: 'sent' } }),
      await withToken(token, '/extension/linkedin/conversations', {
        method: 'POST',
        json: {
          conversations: [
            {
              id: 'urn:li:msg_conversation:z',
              participant: { name: 'Zelda H', profile_url: 'https://www.linkedin.com/in/zelda-h' },
              messages: [{ id: 'li-1', direction: 'in', sent_at: new Date().toISOString(), body: 'planted' }],
            },
          ],
        },
      }),
    ];
    for (const res of attempts) {
      const text = await res.text();
      expect(res.status).toBe(403);
      expect(JSON.parse(text).error.code).toBe('insufficient_scope');
      expect(text).not.toMatch(/Zelda|Tuesday/);
    }
    const timeline = (await json(await as(me, `/api/v1/contacts/${zelda.id}/timeline`))).data as { status: string; body: string }[];
    expect(timeline).toMatchObject([{ status: 'queued', body: 'See you Tuesday' }]);
    // The extension's own token, unlimited, claims it.
    const { token: extension } = await newToken(me, { scopes: ['contacts:read', 'contacts:write'] });
    expect((await json(await withToken(extension, '/extension/linkedin/outbox/claim', { method: 'POST', json: {} }))).data).toHaveLength(1);
  });

  it("does not make the calendar feed, every contact's reminders and dates at an address", async () => {
    const me = await signUp();
    const zelda = await createContact(me, { first_name: 'Zelda', tags: ['private'] });
    await as(me, `/api/v1/contacts/${zelda.id}/dates`, { method: 'POST', json: { kind: 'birthday', month: 1, day: 2 } });
    const owners = (await json(await as(me, '/api/v1/settings/calendar-feed', { method: 'POST', json: {} }))).data.url as string;
    const { token } = await newToken(me, { scopes: ['contacts:read', 'account'], hide_private: true });

    const res = await withToken(token, '/settings/calendar-feed', { method: 'POST', json: {} });
    const text = await res.text();
    expect(res.status).toBe(403);
    expect(JSON.parse(text).error.code).toBe('insufficient_scope');
    expect(text).not.toContain('kithcal_');
    // The owner's feed goes on.
    const feed = await call(new URL(owners).pathname);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('Zelda');
  });

  it('fills a visible contact with the bio wand, not the organization hidden contacts work at too', async () => {
    const me = await signUp();
    const vera = await createContact(me, {
      first_name: 'Vera',
      company: 'Acme',
      tags: ['work'],
      bios: { twitter: 'Vera, engineer at Acme' },
    });
    await createContact(me, { first_name: 'Sara', company: 'Acme', tags: ['private'] });
    const { token } = await newToken(me, { scopes: ['contacts:read', 'contacts:write'], hide_private: true });

    const extraction = { title: 'Engineer', company: 'Acme', company_website: 'evil.example', company_industry: 'Spying' };
    const applied = await withToken(token, `/contacts/${vera.id}/extract-bio`, { method: 'POST', json: { extraction } });
    expect(applied.status).toBe(200);
    expect((await json(applied)).data.fields_updated).toEqual(['title']);
    const acme = (await json(await as(me, `/api/v1/contacts/${vera.id}`))).data.company.id;
    expect((await json(await as(me, `/api/v1/organizations/${acme}`))).data).toMatchObject({ website: null, industry: null });
    expect((await json(await as(me, `/api/v1/contacts/${vera.id}`))).data.title).toBe('Engineer');
  });
});
