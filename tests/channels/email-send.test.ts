import { describe, expect, it } from 'vitest';
import { as, createContact, json, signUp } from '../support/client';
import { connectEmail, emailConnection, gmailScenario, googleLog, googleScenario, runSync, sentMail, timeline } from './email-support';
import { userD1 } from '../support/stores';

const send = (me: Awaited<ReturnType<typeof signUp>>, contactId: string, body: Record<string, unknown>) =>
  as(me, `/api/v1/contacts/${contactId}/messages`, { method: 'POST', json: { channel: 'email', ...body } });

describe('Connecting the Email channel', () => {
  it('asks Google for send, read and calendar on top of earlier scopes, and shows the account, never a token', async () => {
    const me = await signUp();
    const start = await as(me, '/settings/google/connect?for=email');
    const consent = new URL(start.headers.get('location')!);
    expect(consent.searchParams.get('scope')!.split(' ').sort()).toEqual([
      'https://www.googleapis.com/auth/calendar.readonly',
      'https://www.googleapis.com/auth/gmail.readonly',
      'https://www.googleapis.com/auth/gmail.send',
    ]);
    expect(consent.searchParams.get('include_granted_scopes')).toBe('true');

    await gmailScenario({ account: 'conn', emailAddress: 'me@conn.test' });
    const landing = await connectEmail(me, 'conn');
    expect(landing.pathname + landing.search).toBe('/settings?connected=email');
    const res = await as(me, '/api/v1/integrations');
    const text = await res.text();
    expect(text).not.toMatch(/ya29\.|1\/\//);
    expect(JSON.parse(text).data.map((c: { channel: string; status: string }) => [c.channel, c.status])).toEqual([
      ['gmail', 'connected'],
      ['telegram', 'not_connected'],
      ['x', 'not_connected'],
      ['linkedin', 'not_connected'],
    ]);
    expect(await emailConnection(me)).toMatchObject({ account_label: 'me@conn.test', last_error: null });
  });

  it('leaves the card in error when the user unticks Gmail on the consent screen', async () => {
    const me = await signUp();
    await googleScenario({ account: 'untick', allow: ['https://www.googleapis.com/auth/calendar.readonly'] });
    await connectEmail(me, 'untick');
    expect(await emailConnection(me)).toMatchObject({ status: 'error', last_error: expect.stringMatching(/allow all three/) });
  });

  it('disconnects: the card goes back to "not connected" and sending is refused', async () => {
    const me = await signUp();
    await connectEmail(me, 'disc');
    expect((await as(me, '/api/v1/integrations/gmail', { method: 'DELETE' })).status).toBe(204);
    expect((await emailConnection(me)).status).toBe('not_connected');
    const ada = await createContact(me, { first_name: 'Ada', emails: ['ada@disc.test'] });
    const res = await send(me, ada.id, { subject: 'Hi', body: 'Hello' });
    expect(res.status).toBe(409);
    expect((await json(res)).error.code).toBe('channel_not_connected');
  });
});

describe('Sending an email from the contact page', () => {
  it('sends a proper UTF-8 message through Gmail and logs it once on the timeline, even after a sync', async () => {
    const me = await signUp('Zoë Ångström');
    await gmailScenario({ account: 'send', emailAddress: 'zoe@send.test' });
    await connectEmail(me, 'send');
    await runSync(me);
    const ada = await createContact(me, { first_name: 'Ada', last_name: 'Lövelace', emails: ['ada@send.test'] });
    const subject = 'Café on Thursday? ☕ — a rather long subject line that has to be folded into several encoded words';
    const body = 'Grüße aus Zürich!\nLine two: 日本語 and an emoji 🎉.';
    const res = await send(me, ada.id, { subject, body });
    expect(res.status).toBe(201);
    const sent = (await json(res)).data;
    expect(sent).toMatchObject({ contact_id: ada.id, kind: 'email', channel: 'email', direction: 'out', subject, body, source: 'gmail' });

    const [mail] = await sentMail('send');
    expect(mail).toMatchObject({ subject, from: 'zoe@send.test', to: ['ada@send.test'] });
    // On the wire lines end in CRLF (RFC 5322); the reader sees the text as written.
    expect(mail.text.replace(/\r\n/g, '\n')).toBe(body);
    expect(mail.headers['content-type']).toMatch(/charset=UTF-8/i);
    // Header lines are plain ASCII: non-ASCII only inside RFC 2047 encoded-words.
    const head = mail.raw.split('\r\n\r\n')[0];
    expect(head).toMatch(/^[\x20-\x7e\r\n]*$/);
    expect(head).toContain('From: =?UTF-8?B?');

    const row = await (
      await userD1(me)
    )
      .prepare('SELECT external_id FROM interactions WHERE id = ?')
      .bind(sent.id)
      .first<{ external_id: string }>();
    expect(row!.external_id).toMatch(new RegExp(`^${ada.id}:[0-9a-f]{16}$`));
    // The sent copy comes back through Gmail's history: still one email on the timeline.
    await runSync(me);
    expect((await timeline(me, ada.id)).filter((i) => i.kind === 'email')).toHaveLength(1);
  });

  it('refuses a line break in the subject (ADR 011) and quotes the sender name, so nothing can add headers', async () => {
    const me = await signUp('Mallory "The" Tester');
    await connectEmail(me, 'inject');
    const ada = await createContact(me, { first_name: 'Ada', emails: ['ada@inject.test'] });
    const refused = await send(me, ada.id, { subject: 'Hi\r\nBcc: eve@evil.test', body: 'Hello' });
    expect(refused.status).toBe(400);
    expect((await json(refused)).error.details.issues[0].path).toBe('subject');
    expect(await sentMail('inject')).toEqual([]);
    expect((await send(me, ada.id, { subject: 'Hi', body: 'Hello' })).status).toBe(201);
    const [mail] = await sentMail('inject');
    expect(mail.headers.bcc).toBeUndefined();
    expect(mail.raw).toContain('From: "Mallory \\"The\\" Tester" <inject@gmail.test>');
  });

  it('sends once per composer submission: a retry with the same key answers the first send', async () => {
    const me = await signUp();
    await connectEmail(me, 'idem');
    const ada = await createContact(me, { first_name: 'Ada', emails: ['ada@idem.test'] });
    const first = await send(me, ada.id, { subject: 'Once', body: 'Only once', idempotency_key: 'submission-0001' });
    const again = await send(me, ada.id, { subject: 'Once', body: 'Only once', idempotency_key: 'submission-0001' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect((await json(again)).data.id).toBe((await json(first)).data.id);
    expect(await sentMail('idem')).toHaveLength(1);
  });

  it('passes Gmail rate limiting on as 429 with Retry-After, logs nothing, and lets the same submission retry', async () => {
    const me = await signUp();
    await connectEmail(me, 'busy');
    const ada = await createContact(me, { first_name: 'Ada', emails: ['ada@busy.test'] });
    await gmailScenario({ account: 'busy', sendStatus: 429, retryAfter: '30' });
    const limited = await send(me, ada.id, { subject: 'Hi', body: 'Hello', idempotency_key: 'submission-0002' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('30');
    expect((await json(limited)).error).toMatchObject({ code: 'rate_limited', details: { retry_after: 30 } });
    expect(await timeline(me, ada.id)).toHaveLength(0);

    await gmailScenario({ account: 'busy', sendStatus: null });
    expect((await send(me, ada.id, { subject: 'Hi', body: 'Hello', idempotency_key: 'submission-0002' })).status).toBe(201);
  });

  it('refreshes an expired access token, and reports revoked access on the Settings card', async () => {
    const me = await signUp();
    await connectEmail(me, 'expiry');
    const ada = await createContact(me, { first_name: 'Ada', emails: ['ada@expiry.test'] });
    await googleScenario({ account: 'expiry', revokeAccessTokens: true });
    expect((await send(me, ada.id, { subject: 'Hi', body: 'After a refresh' })).status).toBe(201);
    expect((await googleLog('expiry')).map((l) => l.kind)).toContain('token:refresh_token');

    await googleScenario({ account: 'expiry', revokeAccessTokens: true, revokeRefreshTokens: true });
    const res = await send(me, ada.id, { subject: 'Hi', body: 'Revoked' });
    expect(res.status).toBe(409);
    expect((await json(res)).error.code).toBe('channel_not_connected');
    expect(await emailConnection(me)).toMatchObject({ status: 'error', last_error: expect.stringMatching(/connect/i) });
  });

  it("refuses a contact without an email address, another user's contact and an over-long body", async () => {
    const me = await signUp();
    await connectEmail(me, 'refuse');
    const nameOnly = await createContact(me, { first_name: 'Nobody' });
    expect((await send(me, nameOnly.id, { subject: 'Hi', body: 'Hello' })).status).toBe(422);
    const other = await signUp();
    const theirs = await createContact(other, { first_name: 'Theirs', emails: ['t@refuse.test'] });
    expect((await send(me, theirs.id, { subject: 'Hi', body: 'Hello' })).status).toBe(404);
    const ada = await createContact(me, { first_name: 'Ada', emails: ['ada@refuse.test'] });
    expect((await send(me, ada.id, { subject: 'Hi', body: 'x'.repeat(20_001) })).status).toBe(400);
    expect(await sentMail('refuse')).toHaveLength(0);
  });
});

describe("The Email card's forms", () => {
  it('disconnects from Settings and comes back to the Integrations section', async () => {
    const me = await signUp();
    await connectEmail(me, 'form');
    const form = new FormData();
    form.set('intent', 'disconnect');
    const res = await as(me, '/settings/integrations/gmail', { method: 'POST', body: form });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/settings#integrations');
    expect((await emailConnection(me)).status).toBe('not_connected');
    const sync = new FormData();
    sync.set('intent', 'sync');
    const refused = await as(me, '/settings/integrations/gmail', { method: 'POST', body: sync });
    expect(decodeURIComponent(refused.headers.get('location')!)).toMatch(/integration_error=Connect your email/);
    expect((await as(me, '/settings/integrations/myspace', { method: 'POST', body: form })).status).toBe(404);
  });
});
