import { describe, expect, it } from 'vitest';
import { as, call, createContact, json, signUp, type Session } from '../support/client';
import { userD1 } from '../support/stores';

async function extensionToken(me: Session): Promise<string> {
  const res = await as(me, '/api/v1/tokens', { method: 'POST', json: { name: 'extension' } });
  return (await json(res)).data.token;
}

const extension = (token: string, path: string, body: unknown = {}) =>
  call(`/api/v1/extension/linkedin/outbox${path}`, { method: 'POST', json: body, headers: { authorization: `Bearer ${token}` } });

const queue = (me: Session, contactId: string, body: string, key?: string) =>
  as(me, `/api/v1/contacts/${contactId}/messages`, {
    method: 'POST',
    json: { channel: 'linkedin', body, ...(key ? { idempotency_key: key } : {}) },
  });

async function timeline(me: Session, contactId: string): Promise<any[]> {
  return (await json(await as(me, `/api/v1/contacts/${contactId}/timeline?limit=200`))).data;
}

describe('LinkedIn messages through the browser extension', () => {
  it('queues from the composer, the extension claims and reports sent, and the timeline goes queued → sent', async () => {
    const me = await signUp();
    const token = await extensionToken(me);
    const ada = await createContact(me, { first_name: 'Ada', linkedin_url: 'https://www.linkedin.com/in/ada-lovelace' });
    const res = await queue(me, ada.id, 'Hello Ada, congrats on the new role!');
    expect(res.status).toBe(201);
    const queued = (await json(res)).data;
    expect(queued).toMatchObject({
      kind: 'message',
      channel: 'linkedin',
      direction: 'out',
      status: 'queued',
      body: 'Hello Ada, congrats on the new role!',
    });

    const claim = await extension(token, '/claim');
    expect(claim.status).toBe(200);
    const claimed = (await json(claim)).data;
    expect(claimed).toEqual([
      expect.objectContaining({
        contact_id: ada.id,
        contact_name: 'Ada',
        linkedin_url: 'https://www.linkedin.com/in/ada-lovelace',
        body: 'Hello Ada, congrats on the new role!',
        attempts: 1,
      }),
    ]);
    // Claimed: the next poll does not hand it out a second time.
    expect((await json(await extension(token, '/claim'))).data).toEqual([]);

    const report = await extension(token, `/${claimed[0].id}/result`, { status: 'sent' });
    expect(report.status).toBe(200);
    expect((await json(report)).data).toMatchObject({ id: queued.id, status: 'sent' });
    expect((await timeline(me, ada.id)).find((i) => i.id === queued.id).status).toBe('sent');
    // The same report again (a retried request) is harmless; changing the outcome is not.
    expect((await extension(token, `/${claimed[0].id}/result`, { status: 'sent' })).status).toBe(200);
    expect((await extension(token, `/${claimed[0].id}/result`, { status: 'failed' })).status).toBe(409);
  });

  it('marks a message the extension could not send as failed, with its reason kept', async () => {
    const me = await signUp();
    const token = await extensionToken(me);
    const bo = await createContact(me, { first_name: 'Bo', linkedin_url: 'https://www.linkedin.com/in/bo' });
    const queued = (await json(await queue(me, bo.id, 'Hi Bo'))).data;
    const [claimed] = (await json(await extension(token, '/claim'))).data;
    expect((await extension(token, `/${claimed.id}/result`, { status: 'failed', error: 'Message button not found' })).status).toBe(200);
    expect((await timeline(me, bo.id)).find((i) => i.id === queued.id).status).toBe('failed');
    const row = await (
      await userD1(me)
    )
      .prepare('SELECT error FROM linkedin_outbox WHERE id = ?')
      .bind(claimed.id)
      .first<{ error: string }>();
    expect(row!.error).toBe('Message button not found');
  });

  it('hands a claimed message out again once its lease ran out without a report, oldest first', async () => {
    const me = await signUp();
    const token = await extensionToken(me);
    const cy = await createContact(me, { first_name: 'Cy', linkedin_url: 'https://www.linkedin.com/in/cy' });
    await queue(me, cy.id, 'first');
    await queue(me, cy.id, 'second');
    const first = (await json(await extension(token, '/claim', { limit: 1 }))).data;
    expect(first.map((m: any) => m.body)).toEqual(['first']);
    // The extension crashed: its lease is over.
    await (
      await userD1(me)
    )
      .prepare("UPDATE linkedin_outbox SET lease_until = '2000-01-01T00:00:00.000Z' WHERE id = ?")
      .bind(first[0].id)
      .run();
    const again = (await json(await extension(token, '/claim'))).data;
    expect(again.map((m: any) => [m.body, m.attempts])).toEqual([
      ['first', 2],
      ['second', 1],
    ]);
  });

  it("never shows one user's queued messages to another user's extension", async () => {
    const a = await signUp();
    const b = await signUp();
    const ada = await createContact(a, { first_name: 'Ada', linkedin_url: 'https://www.linkedin.com/in/ada-a' });
    await queue(a, ada.id, 'private to A');
    const bToken = await extensionToken(b);
    expect((await json(await extension(bToken, '/claim'))).data).toEqual([]);
    const [aClaimed] = (await json(await extension(await extensionToken(a), '/claim'))).data;
    const stolen = await extension(bToken, `/${aClaimed.id}/result`, { status: 'failed' });
    expect(stolen.status).toBe(404);
    expect((await timeline(a, ada.id))[0].status).toBe('queued');
  });

  it('queues once per composer submission: a retried request answers the first interaction', async () => {
    const me = await signUp();
    const token = await extensionToken(me);
    const di = await createContact(me, { first_name: 'Di', linkedin_url: 'https://www.linkedin.com/in/di' });
    const first = await queue(me, di.id, 'Once only', 'submission-12345');
    const retry = await queue(me, di.id, 'Once only', 'submission-12345');
    expect([first.status, retry.status]).toEqual([201, 200]);
    expect((await json(retry)).data.id).toBe((await json(first)).data.id);
    expect((await json(await extension(token, '/claim'))).data).toHaveLength(1);
    expect((await timeline(me, di.id)).filter((i) => i.channel === 'linkedin')).toHaveLength(1);
  });

  it('refuses a contact without a LinkedIn URL, and a browser session on the extension endpoints', async () => {
    const me = await signUp();
    const ed = await createContact(me, { first_name: 'Ed' });
    const res = await queue(me, ed.id, 'Hello');
    expect(res.status).toBe(422);
    expect((await json(res)).error.message).toMatch(/no LinkedIn profile URL/);
    expect(await timeline(me, ed.id)).toEqual([]);
    const bySession = await as(me, '/api/v1/extension/linkedin/outbox/claim', { method: 'POST', json: {} });
    expect(bySession.status).toBe(401);
  });

  it('keeps a queued message when its contact is merged into another', async () => {
    const me = await signUp();
    const token = await extensionToken(me);
    const gil = await createContact(me, { first_name: 'Gil', linkedin_url: 'https://www.linkedin.com/in/gil' });
    const keep = await createContact(me, { first_name: 'Gil', last_name: 'Keeper', emails: ['gil@example.org'] });
    const queued = (await json(await queue(me, gil.id, 'Still going out'))).data;
    expect((await as(me, `/api/v1/contacts/${keep.id}/merge`, { method: 'POST', json: { other_id: gil.id } })).status).toBe(200);
    const [claimed] = (await json(await extension(token, '/claim'))).data;
    expect(claimed).toMatchObject({ contact_id: keep.id, linkedin_url: 'https://www.linkedin.com/in/gil', body: 'Still going out' });
    await extension(token, `/${claimed.id}/result`, { status: 'sent' });
    expect((await timeline(me, keep.id)).find((i) => i.id === queued.id).status).toBe('sent');
  });

  it('answers a pending follow-up only once the extension reports the message sent, never when it failed', async () => {
    const me = await signUp();
    const token = await extensionToken(me);
    const hu = await createContact(me, { first_name: 'Hu', linkedin_url: 'https://www.linkedin.com/in/hu' });
    const old = new Date(Date.now() - 86_400_000).toISOString();
    await (
      await userD1(me)
    )
      .prepare(
        "INSERT INTO followups (id, user_id, contact_id, reason, status, due_at, created_at) VALUES (?, ?, ?, 'Catch up', 'pending', ?, ?)",
      )
      .bind(`fu-${hu.id}`, me.user.id, hu.id, old, old)
      .run();
    const status = async () =>
      (await (await userD1(me)).prepare('SELECT status FROM followups WHERE id = ?').bind(`fu-${hu.id}`).first<{ status: string }>())!
        .status;

    await queue(me, hu.id, 'first try');
    let [claimed] = (await json(await extension(token, '/claim'))).data;
    expect(await status()).toBe('pending');
    await extension(token, `/${claimed.id}/result`, { status: 'failed', error: 'Not connected on LinkedIn' });
    expect(await status()).toBe('pending');

    await queue(me, hu.id, 'second try');
    [claimed] = (await json(await extension(token, '/claim'))).data;
    await extension(token, `/${claimed.id}/result`, { status: 'sent' });
    expect(await status()).toBe('dismissed');
  });

  it('leaves messages that were never sent out of the last interaction date and the score', async () => {
    const me = await signUp();
    const token = await extensionToken(me);
    const ivy = await createContact(me, { first_name: 'Ivy', linkedin_url: 'https://www.linkedin.com/in/ivy' });
    await queue(me, ivy.id, 'failed one');
    const [claimed] = (await json(await extension(token, '/claim'))).data;
    await extension(token, `/${claimed.id}/result`, { status: 'failed', error: 'Not connected on LinkedIn' });
    await queue(me, ivy.id, 'still waiting');
    // Some other real contact makes Kith recompute this contact's date and score.
    const met = '2026-01-05T10:00:00.000Z';
    expect(
      (await as(me, `/api/v1/contacts/${ivy.id}/meetings`, { method: 'POST', json: { title: 'Coffee', occurred_at: met } })).status,
    ).toBe(201);

    expect((await json(await as(me, `/api/v1/contacts/${ivy.id}`))).data.last_interaction_at).toBe(met);
    const parts = await (
      await userD1(me)
    )
      .prepare('SELECT breadth, reciprocity FROM contact_scores WHERE contact_id = ?')
      .bind(ivy.id)
      .first<{ breadth: number; reciprocity: number }>();
    // One channel (the meeting). The meeting counts one each way (ADR 002), so in and out are
    // balanced; the two unsent outbound messages would have tipped it (0.75 instead of 1.5).
    expect(parts).toEqual({ breadth: 0.33, reciprocity: 1.5 });
  });

  it('shows a message Kith queued once, when the extension later syncs that LinkedIn conversation', async () => {
    const me = await signUp();
    const token = await extensionToken(me);
    const jo = await createContact(me, { first_name: 'Jo', last_name: 'Park', linkedin_url: 'https://www.linkedin.com/in/jo-park' });
    const queued = (await json(await queue(me, jo.id, 'Great meeting you at the summit!'))).data;
    const [claimed] = (await json(await extension(token, '/claim'))).data;
    await extension(token, `/${claimed.id}/result`, { status: 'sent' });

    const sentAt = new Date(Date.now() + 60_000).toISOString();
    const sync = await call('/api/v1/extension/linkedin/conversations', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      json: {
        conversations: [
          {
            id: 'urn:li:msg_conversation:jo',
            participant: { name: 'Jo Park', profile_url: 'https://www.linkedin.com/in/jo-park' },
            messages: [
              { id: 'li-1', direction: 'out', sent_at: sentAt, body: 'Great meeting you at the summit! ' },
              { id: 'li-2', direction: 'in', sent_at: sentAt, body: 'Likewise, let us talk next week' },
              { id: 'li-3', direction: 'out', sent_at: sentAt, body: 'Tuesday works' },
            ],
          },
        ],
      },
    });
    expect(sync.status).toBe(200);
    expect((await json(sync)).data.messages_logged).toBe(2);
    const items = (await timeline(me, jo.id)).filter((i) => i.kind === 'message');
    expect(items.map((i) => i.body).sort()).toEqual([
      'Great meeting you at the summit!',
      'Likewise, let us talk next week',
      'Tuesday works',
    ]);
    expect(items.find((i) => i.body === 'Great meeting you at the summit!').id).toBe(queued.id);
  });

  it('counts the messages waiting for the extension on the Settings LinkedIn card', async () => {
    const me = await signUp();
    const fay = await createContact(me, { first_name: 'Fay', linkedin_url: 'https://www.linkedin.com/in/fay' });
    await queue(me, fay.id, 'one');
    await queue(me, fay.id, 'two');
    const page = await (await as(me, '/settings')).text();
    expect(page).toContain('2 messages waiting for the extension to send.');
  });
});
