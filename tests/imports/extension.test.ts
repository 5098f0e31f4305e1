import { describe, expect, it } from 'vitest';
import { as, call, createContact, json, signUp, type Session } from '../support/client';
import { userD1 } from '../support/stores';

async function tokenFor(session: Session): Promise<string> {
  const res = await as(session, '/api/v1/tokens', { method: 'POST', json: { name: 'Extension' } });
  return (await json(res)).data.token;
}

const batch = {
  conversations: [
    {
      id: 'urn:li:msg_conversation:1',
      participant: { name: 'Priya Raman', profile_url: 'https://www.linkedin.com/in/priya-raman/', headline: 'VP Engineering at Orbit' },
      messages: [
        { id: 'urn:li:msg_message:1a', direction: 'in', sent_at: '2026-11-20T09:00:00Z', body: 'Hi! Great to connect.' },
        { id: 'urn:li:msg_message:1b', direction: 'out', sent_at: '2026-11-20T09:05:00.000Z', body: 'Likewise — coffee next week?' },
      ],
    },
    {
      id: 'urn:li:msg_conversation:2',
      participant: { name: 'Tom', profile_url: 'https://www.linkedin.com/in/tom-b' },
      messages: [{ id: 'urn:li:msg_message:2a', direction: 'in', sent_at: '2026-11-21T10:00:00+01:00', body: 'Ping' }],
    },
  ],
};

const post = (token: string | null, body: unknown, cookie?: string) =>
  call('/api/v1/extension/linkedin/conversations', {
    method: 'POST',
    json: body,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(cookie ? { cookie, origin: 'http://kith.test' } : {}) },
  });

describe('browser extension: LinkedIn conversations', () => {
  it('creates contacts and logs their messages once, however often the batch is sent', async () => {
    const me = await signUp();
    const token = await tokenFor(me);
    const first = await post(token, batch);
    expect(first.status).toBe(200);
    expect((await json(first)).data).toMatchObject({ contacts_created: 2, contacts_updated: 0, messages_logged: 3 });
    const again = await json(await post(token, batch));
    expect(again.data).toMatchObject({ contacts_created: 0, contacts_updated: 0, messages_logged: 0 });

    const { data: contacts } = await json(await as(me, '/api/v1/contacts'));
    const priya = contacts.find((c: any) => c.full_name === 'Priya Raman');
    expect(priya).toMatchObject({
      source: 'linkedin',
      linkedin_url: 'https://www.linkedin.com/in/priya-raman/',
      bios: { linkedin: 'VP Engineering at Orbit' },
      last_interaction_at: '2026-11-20T09:05:00.000Z',
    });
    const { results } = await (
      await userD1(me)
    )
      .prepare('SELECT direction, body, channel, kind FROM interactions WHERE contact_id = ? ORDER BY occurred_at')
      .bind(priya.id)
      .all();
    expect(results).toEqual([
      { direction: 'in', body: 'Hi! Great to connect.', channel: 'linkedin', kind: 'message' },
      { direction: 'out', body: 'Likewise — coffee next week?', channel: 'linkedin', kind: 'message' },
    ]);
  });

  it('updates the contact who already has that LinkedIn profile, and dismisses their pending follow-ups', async () => {
    const me = await signUp();
    const token = await tokenFor(me);
    const existing = await createContact(me, {
      first_name: 'Priya',
      emails: ['priya@orbit.dev'],
      linkedin_url: 'linkedin.com/in/PRIYA-RAMAN',
    });
    await (
      await userD1(me)
    )
      .prepare(
        "INSERT INTO followups (id, user_id, contact_id, reason, status, due_at, created_at) VALUES ('f1', ?, ?, 'check in', 'pending', '2026-11-01', '2026-11-01')",
      )
      .bind(me.user.id, existing.id)
      .run();
    const { data } = await json(await post(token, batch));
    expect(data).toMatchObject({ contacts_created: 1, contacts_updated: 1 });
    expect(data.conversations[0]).toEqual({ id: 'urn:li:msg_conversation:1', contact_id: existing.id });
    const priya = (await json(await as(me, `/api/v1/contacts/${existing.id}`))).data;
    expect(priya).toMatchObject({ first_name: 'Priya', last_name: 'Raman', source: 'manual', emails: ['priya@orbit.dev'] });
    const followup = await (await userD1(me)).prepare("SELECT status FROM followups WHERE id = 'f1'").first<{ status: string }>();
    expect(followup!.status).toBe('dismissed');
  });

  it('refuses a browser session, a missing token and a malformed batch', async () => {
    const me = await signUp();
    expect((await post(null, batch)).status).toBe(401);
    const withCookie = await post(null, batch, me.cookie);
    expect(withCookie.status).toBe(401);
    expect((await json(withCookie)).error.message).toMatch(/personal access token/);
    const token = await tokenFor(me);
    const bad = await post(token, { conversations: [{ id: 'x', participant: { name: '' }, messages: [] }] });
    expect(bad.status).toBe(400);
    expect((await post(token, { conversations: [] })).status).toBe(400);
  });

  it("never touches another user's contacts", async () => {
    const me = await signUp();
    const other = await signUp();
    const theirs = await createContact(other, { first_name: 'Priya', linkedin_url: 'https://www.linkedin.com/in/priya-raman' });
    const { data } = await json(await post(await tokenFor(me), batch));
    expect(data.contacts_created).toBe(2);
    expect(data.conversations[0].contact_id).not.toBe(theirs.id);
  });
});
