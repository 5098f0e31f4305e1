import { describe, expect, it } from 'vitest';
import { newId } from '../../worker/db/columns';
import { fitToLimit } from '../../worker/domain/drafts/channels';
import { draftMessage } from '../../worker/domain/drafts/draft-message';
import { AppError } from '../../worker/domain/errors';
import { as, call, createContact, json, signUp, type Session } from '../support/client';
import { requestsTo, steer, uniqueKey } from './fakes-control';
import { userD1, userDeps } from '../support/stores';

const draft = (me: Session, id: string, body: unknown) => as(me, `/api/v1/contacts/${id}/draft`, { method: 'POST', json: body });

async function addMessages(userId: string, contactId: string, count: number, text: (i: number) => string) {
  const db = await userD1(userId);
  const statements = Array.from({ length: count }, (_, i) => {
    const at = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
    return db
      .prepare(
        `INSERT INTO interactions (id, user_id, contact_id, kind, channel, direction, body, source, occurred_at, created_at, updated_at) VALUES (?, ?, ?, 'message', 'telegram', ?, ?, 'telegram', ?, ?, ?)`,
      )
      .bind(newId(), userId, contactId, i % 2 ? 'in' : 'out', text(i), at, at, at);
  });
  await db.batch(statements);
}

describe('POST /contacts/{id}/draft', () => {
  it('drafts an email with a subject from the profile and the last 20 interactions, oldest first', async () => {
    const me = await signUp('Nora Network');
    const c = await createContact(me, { first_name: 'Ada', last_name: 'Lovelace', company: 'Analytical Engines', title: 'Mathematician' });
    await addMessages(me.user.id, c.id, 25, (i) => `Hallo, Nachricht Nummer ${i}`);
    await (
      await userD1(me)
    )
      .prepare(
        `INSERT INTO interactions (id, user_id, contact_id, kind, body, source, occurred_at, created_at, updated_at) VALUES (?, ?, ?, 'enrichment', 'Enrichment added: Title', 'enrichment', '2026-02-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z')`,
      )
      .bind(newId(), me.user.id, c.id)
      .run();
    const res = await draft(me, c.id, { channel: 'email' });
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(data).toEqual({ channel: 'email', subject: 'Catching up, Ada?', body: expect.stringContaining('Hi Ada') });

    const sent = (await requestsTo('openai', 'Nachricht Nummer 24')).at(-1)!;
    const request = JSON.parse(sent.body);
    expect(request.response_format.json_schema.name).toBe('message_draft');
    expect(request.messages[0].content).toMatch(/language of the recent conversation/);
    const input = JSON.parse(request.messages[1].content);
    expect(input.sender.name).toBe('Nora Network');
    expect(input.channel).toMatchObject({ id: 'email', needs_subject: true });
    expect(input.contact).toMatchObject({ full_name: 'Ada Lovelace', company: 'Analytical Engines', title: 'Mathematician' });
    expect(input.conversation).toHaveLength(20);
    expect(input.conversation.map((i: { kind: string }) => i.kind)).not.toContain('enrichment');
    expect(input.conversation[0].text).toBe('Hallo, Nachricht Nummer 5');
    expect(input.conversation[19]).toMatchObject({ text: 'Hallo, Nachricht Nummer 24', from: 'sender', channel: 'telegram' });
    expect(input.conversation[18]).toMatchObject({ text: 'Hallo, Nachricht Nummer 23', from: 'contact' });
  });

  it('keeps a Telegram draft within 4096 characters and without a subject', async () => {
    const me = await signUp();
    const token = uniqueKey('long');
    await steer('openai', { when: token, json: { subject: 'Ignored', body: 'This is a sentence. '.repeat(400) } });
    const c = await createContact(me, { first_name: 'Tom', notes: token });
    const { data } = await json(await draft(me, c.id, { channel: 'telegram' }));
    expect(data.subject).toBeUndefined();
    expect(data.body.length).toBeLessThanOrEqual(4096);
    expect(data.body.endsWith('.')).toBe(true);
    expect(fitToLimit('One two three four five six', 12)).toBe('One two');
  });

  it('gives an email draft the subject the model wrote, and "Catching up" only when it wrote none', async () => {
    const me = await signUp();
    const ada = await createContact(me, { first_name: 'Ada' });
    expect((await json(await draft(me, ada.id, { channel: 'email' }))).data.subject).toBe('Catching up, Ada?');

    const token = uniqueKey('nosubject');
    await steer('openai', { when: token, json: { subject: null, body: 'Hi Bo, how was the move?' } });
    const bo = await createContact(me, { first_name: 'Bo', notes: token });
    expect((await json(await draft(me, bo.id, { channel: 'email' }))).data).toEqual({
      channel: 'email',
      subject: 'Catching up, Bo',
      body: 'Hi Bo, how was the move?',
    });
  });

  it('refuses an unknown channel, answers 502 on an unusable answer, 404 for another user', async () => {
    const me = await signUp();
    const token = uniqueKey('baddraft');
    const c = await createContact(me, { first_name: 'Bo', notes: token });
    expect((await draft(me, c.id, { channel: 'fax' })).status).toBe(400);
    expect((await draft(me, c.id, {})).status).toBe(400);
    await steer('openai', { when: token, json: { subject: null, body: '   ' } });
    const res = await draft(me, c.id, { channel: 'linkedin' });
    expect(res.status).toBe(502);
    expect((await json(res)).error.code).toBe('provider_error');
    expect((await draft(await signUp(), c.id, { channel: 'email' })).status).toBe(404);
    expect((await call(`/api/v1/contacts/${c.id}/draft`, { method: 'POST', json: { channel: 'email' } })).status).toBe(401);
  });

  it('answers 503 without LLM_API_KEY', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Key' });
    const deps = await userDeps(me);
    const error = await draftMessage({ ...deps, settings: { ...deps.settings, LLM_API_KEY: undefined } }, me.user, c.id, 'email').catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'not_configured', status: 503 });
  });
});
