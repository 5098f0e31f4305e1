import { describe, expect, it } from 'vitest';
import { sweepKeyPage } from '../../worker/domain/idempotency/sweep-keys';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { userD1 } from '../support/stores';

const PAGE = encodeURIComponent('routes/_app.contacts.$id');
const pageAction = (me: Session, id: string, fields: Record<string, string>) =>
  as(me, `/contacts/${id}?_data=${PAGE}`, { method: 'POST', body: new URLSearchParams(fields) });
const keyed = (key: string) => ({ 'idempotency-key': key });
const timeline = async (me: Session, id: string) => (await json(await as(me, `/api/v1/contacts/${id}/timeline`))).data as any[];
const reminders = async (me: Session, id: string) => (await json(await as(me, `/api/v1/contacts/${id}/reminders`))).data as any[];

describe('writes sent twice with one idempotency key land once (ADR 045)', () => {
  it('a note sent twice with the same key is written once, and the second answer is the first', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Ada' });
    const send = () =>
      as(me, `/api/v1/contacts/${c.id}/notes`, { method: 'POST', headers: keyed('note-1'), json: { body: 'Met at the café' } });
    const first = await send();
    const second = await send();
    expect([first.status, second.status]).toEqual([201, 201]);
    expect((await json(second)).data.id).toBe((await json(first)).data.id);
    expect((await timeline(me, c.id)).filter((i) => i.body === 'Met at the café')).toHaveLength(1);
  });

  it('the same key with another body is refused in the error envelope and writes nothing', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Grace' });
    await as(me, `/api/v1/contacts/${c.id}/notes`, { method: 'POST', headers: keyed('k'), json: { body: 'First' } });
    const other = await as(me, `/api/v1/contacts/${c.id}/notes`, { method: 'POST', headers: keyed('k'), json: { body: 'Second' } });
    expect(other.status).toBe(422);
    expect((await json(other)).error).toMatchObject({ code: 'not_processable', details: { reason: 'idempotency_key_reused' } });
    expect((await timeline(me, c.id)).map((i) => i.body)).toEqual(['First']);
  });

  it('keys are per user: another user’s same key writes their own note', async () => {
    const [me, you] = [await signUp(), await signUp()];
    const [mine, yours] = [await createContact(me, { first_name: 'A' }), await createContact(you, { first_name: 'B' })];
    await as(me, `/api/v1/contacts/${mine.id}/notes`, { method: 'POST', headers: keyed('shared'), json: { body: 'Mine' } });
    const res = await as(you, `/api/v1/contacts/${yours.id}/notes`, { method: 'POST', headers: keyed('shared'), json: { body: 'Yours' } });
    expect(res.status).toBe(201);
    expect((await timeline(you, yours.id)).map((i) => i.body)).toEqual(['Yours']);
  });

  it('a coffee logged by the page and sent again through the API with its key is one interaction', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Linus' });
    const fields = {
      intent: 'log',
      kind: 'coffee',
      title: 'Flat white',
      notes: '',
      occurred_at: '2026-11-20T09:00:00.000Z',
      follow_up: '',
    };
    expect((await pageAction(me, c.id, { ...fields, idempotency_key: 'coffee-1' })).status).toBe(200);
    expect((await pageAction(me, c.id, { ...fields, idempotency_key: 'coffee-1' })).status).toBe(200);
    const api = await as(me, `/api/v1/contacts/${c.id}/interactions`, {
      method: 'POST',
      headers: keyed('coffee-1'),
      json: { kind: 'coffee', title: 'Flat white', notes: null, occurred_at: '2026-11-20T09:00:00.000Z' },
    });
    expect(api.status).toBe(201);
    expect((await timeline(me, c.id)).filter((i) => i.kind === 'coffee')).toHaveLength(1);
  });

  it('a note from the page with a key lands once however often it is sent; without a key each send is a note', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Barbara' });
    for (let i = 0; i < 3; i++) await pageAction(me, c.id, { intent: 'add-note', body: 'Queued offline', idempotency_key: 'n-1' });
    expect((await timeline(me, c.id)).filter((i) => i.body === 'Queued offline')).toHaveLength(1);
    await pageAction(me, c.id, { intent: 'add-note', body: 'Typed twice' });
    await pageAction(me, c.id, { intent: 'add-note', body: 'Typed twice' });
    expect((await timeline(me, c.id)).filter((i) => i.body === 'Typed twice')).toHaveLength(2);
  });

  it('a reminder set twice with one key is one reminder', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Edsger' });
    for (let i = 0; i < 2; i++) {
      const res = await as(me, `/api/v1/contacts/${c.id}/reminders`, { method: 'POST', headers: keyed('r-1'), json: { on: '2027-01-05' } });
      expect(res.status).toBe(201);
    }
    await pageAction(me, c.id, { intent: 'add-reminder', on: '2027-01-05', note: '', idempotency_key: 'r-1' });
    expect(await reminders(me, c.id)).toHaveLength(1);
  });

  it('a refused write frees its key: sent again once corrected, it lands', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Alan' });
    const bad = await as(me, `/api/v1/contacts/${c.id}/reminders`, { method: 'POST', headers: keyed('r-2'), json: { on: 'soon' } });
    expect(bad.status).toBe(400);
    const good = await as(me, `/api/v1/contacts/${c.id}/reminders`, { method: 'POST', headers: keyed('r-2'), json: { on: '2027-02-01' } });
    expect(good.status).toBe(201);
  });

  it('a key that is not visible ASCII is refused before anything is written', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Tim' });
    const res = await as(me, `/api/v1/contacts/${c.id}/notes`, { method: 'POST', headers: keyed('a b'), json: { body: 'x' } });
    expect(res.status).toBe(400);
    expect((await json(res)).error.code).toBe('invalid_request');
    expect(await timeline(me, c.id)).toEqual([]);
  });

  it('the nightly sweep forgets keys after 30 days: the same key then writes again', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Radia' });
    const send = () => as(me, `/api/v1/contacts/${c.id}/notes`, { method: 'POST', headers: keyed('old'), json: { body: 'Again' } });
    await send();
    const d1 = await userD1(me);
    await sweepKeyPage(d1, new Date(Date.now() + 29 * 86_400_000));
    await send();
    expect((await timeline(me, c.id)).filter((i) => i.body === 'Again')).toHaveLength(1);
    while (await sweepKeyPage(d1, new Date(Date.now() + 31 * 86_400_000)));
    await send();
    expect((await timeline(me, c.id)).filter((i) => i.body === 'Again')).toHaveLength(2);
  });
});

describe('an edit made on an older version of the contact is not written over a change (ADR 045)', () => {
  it('PATCH with a stale If-Match is refused with the current version; with the current one it lands', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Ada', title: 'Analyst' });
    const base = c.updated_at as string;
    await new Promise((r) => setTimeout(r, 5));
    await as(me, `/api/v1/contacts/${c.id}`, { method: 'PATCH', json: { title: 'Countess' } });
    const stale = await as(me, `/api/v1/contacts/${c.id}`, {
      method: 'PATCH',
      headers: { 'if-match': `"${base}"` },
      json: { title: 'Mathematician' },
    });
    expect(stale.status).toBe(409);
    const { error } = await json(stale);
    expect(error).toMatchObject({ code: 'conflict', details: { reason: 'changed_meanwhile' } });
    const now = await json(await as(me, `/api/v1/contacts/${c.id}`));
    expect(now.data.title).toBe('Countess');
    expect(error.details.updated_at).toBe(now.data.updated_at);
    const chosen = await as(me, `/api/v1/contacts/${c.id}`, {
      method: 'PATCH',
      headers: { 'if-match': `"${error.details.updated_at}"` },
      json: { title: 'Mathematician' },
    });
    expect(chosen.status).toBe(200);
    expect((await json(chosen)).data.title).toBe('Mathematician');
  });

  it('the page’s edit with a stale base_version is refused and keeps the other change', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Grace', location: 'Arlington' });
    await new Promise((r) => setTimeout(r, 5));
    await as(me, `/api/v1/contacts/${c.id}`, { method: 'PATCH', json: { location: 'New York' } });
    const res = await pageAction(me, c.id, {
      intent: 'update',
      patch: JSON.stringify({ location: 'Washington' }),
      base_version: c.updated_at,
      idempotency_key: 'e-1',
    });
    expect(res.status).toBe(409);
    expect((await json(res)).error.details.reason).toBe('changed_meanwhile');
    expect((await json(await as(me, `/api/v1/contacts/${c.id}`))).data.location).toBe('New York');
  });
});
