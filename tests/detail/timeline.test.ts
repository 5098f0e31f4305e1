import { describe, expect, it } from 'vitest';
import { recordInteractions } from '../../worker/domain/timeline/record-interactions';
import { as, createContact, json, signUp } from '../support/client';
import { userDeps } from '../support/stores';

describe('timeline', () => {
  it('pages newest first with a cursor, without overlap or gaps, even on equal timestamps', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Paged' });
    const rows = Array.from({ length: 25 }, (_, i) => ({
      contact_id: c.id,
      kind: 'message',
      channel: 'telegram',
      direction: (i % 2 ? 'in' : 'out') as 'in' | 'out',
      body: `message ${i}`,
      source: 'telegram',
      external_id: `m${i}`,
      // Groups of five share a timestamp: the id tiebreaker must keep pages apart.
      occurred_at: new Date(Date.UTC(2026, 0, 1 + Math.floor(i / 5))).toISOString(),
    }));
    await recordInteractions(await userDeps(me), me.user.id, rows);
    const seen: any[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await as(me, `/api/v1/contacts/${c.id}/timeline?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      const body = await json(res);
      seen.push(...body.data);
      cursor = body.meta.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(new Set(seen.map((i) => i.id)).size).toBe(25);
    const times = seen.map((i) => i.occurred_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await as(me, `/api/v1/contacts/${c.id}/timeline?cursor=garbage`)).status).toBe(400);
    // limit above the maximum is clamped, not refused
    expect((await as(me, `/api/v1/contacts/${c.id}/timeline?limit=5000`)).status).toBe(200);
  });

  it('records synced interactions once (source + external_id) and flags long bodies', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Long' });
    const row = {
      contact_id: c.id,
      kind: 'message',
      channel: 'telegram',
      direction: 'in' as const,
      body: 'x'.repeat(401),
      source: 'telegram',
      external_id: 'same',
      occurred_at: '2026-02-01T10:00:00Z',
    };
    expect(await recordInteractions(await userDeps(me), me.user.id, [row])).toHaveLength(1);
    expect(await recordInteractions(await userDeps(me), me.user.id, [row])).toHaveLength(0);
    await recordInteractions(await userDeps(me), me.user.id, [{ ...row, external_id: 'short', body: 'y'.repeat(400) }]);
    const items = (await json(await as(me, `/api/v1/contacts/${c.id}/timeline`))).data;
    expect(items).toHaveLength(2);
    expect(items.map((i: any) => [i.body.length, i.is_long]).sort()).toEqual([
      [400, false],
      [401, true],
    ]);
    expect((await json(await as(me, `/api/v1/contacts/${c.id}`))).data.last_interaction_at).toBe('2026-02-01T10:00:00.000Z');
  });

  it('adds, edits and deletes notes; other kinds cannot be edited or deleted (422)', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Noted' });
    const created = await as(me, `/api/v1/contacts/${c.id}/notes`, { method: 'POST', json: { body: 'First thought' } });
    expect(created.status).toBe(201);
    const note = (await json(created)).data;
    expect(note).toMatchObject({ kind: 'note', body: 'First thought', contact_id: c.id, direction: null });

    const edited = await as(me, `/api/v1/interactions/${note.id}`, { method: 'PATCH', json: { body: 'Second thought' } });
    expect(edited.status).toBe(200);
    expect((await json(edited)).data.body).toBe('Second thought');

    const meeting = await as(me, `/api/v1/contacts/${c.id}/meetings`, {
      method: 'POST',
      json: { title: 'Coffee', occurred_at: '2026-03-01T09:30:00Z', notes: 'Talked shop' },
    });
    expect(meeting.status).toBe(201);
    const m = (await json(meeting)).data;
    expect(m).toMatchObject({ kind: 'meeting', subject: 'Coffee', body: 'Talked shop', occurred_at: '2026-03-01T09:30:00.000Z' });
    expect((await as(me, `/api/v1/interactions/${m.id}`, { method: 'PATCH', json: { body: 'rewrite history' } })).status).toBe(422);
    expect((await as(me, `/api/v1/interactions/${m.id}`, { method: 'DELETE' })).status).toBe(422);

    expect((await as(me, `/api/v1/interactions/${note.id}`, { method: 'DELETE' })).status).toBe(204);
    const items = (await json(await as(me, `/api/v1/contacts/${c.id}/timeline`))).data;
    expect(items.map((i: any) => i.kind)).toEqual(['meeting']);

    expect((await as(me, `/api/v1/contacts/${c.id}/notes`, { method: 'POST', json: { body: '   ' } })).status).toBe(400);
    expect((await as(me, `/api/v1/contacts/${c.id}/notes`, { method: 'POST', json: { body: 'n'.repeat(20_001) } })).status).toBe(400);
    expect((await as(me, `/api/v1/contacts/${c.id}/meetings`, { method: 'POST', json: { title: 'No date' } })).status).toBe(400);
  });

  it("answers 404 on every contact-detail route for another user's contact or interaction", async () => {
    const owner = await signUp();
    const intruder = await signUp();
    const c = await createContact(owner, { first_name: 'Private' });
    const other = await createContact(owner, { first_name: 'Also private' });
    const note = (await json(await as(owner, `/api/v1/contacts/${c.id}/notes`, { method: 'POST', json: { body: 'secret' } }))).data;
    const mine = await createContact(intruder, { first_name: 'Intruder' });
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/v1/contacts/${c.id}/timeline`],
      ['POST', `/api/v1/contacts/${c.id}/notes`, { body: 'x' }],
      ['POST', `/api/v1/contacts/${c.id}/meetings`, { title: 'x', occurred_at: '2026-01-01T00:00:00Z' }],
      ['PATCH', `/api/v1/interactions/${note.id}`, { body: 'x' }],
      ['DELETE', `/api/v1/interactions/${note.id}`],
      ['GET', `/api/v1/contacts/${c.id}/duplicates`],
      ['POST', `/api/v1/contacts/${c.id}/duplicates/${other.id}/dismiss`],
      ['POST', `/api/v1/contacts/${mine.id}/duplicates/${c.id}/dismiss`],
      ['POST', `/api/v1/contacts/${c.id}/merge`, { other_id: other.id }],
      ['POST', `/api/v1/contacts/${c.id}/sync`],
    ];
    for (const [method, path, body] of attempts) {
      const res = await as(intruder, path, { method, json: body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await json(res)).error.code).toBe('not_found');
    }
    const items = (await json(await as(owner, `/api/v1/contacts/${c.id}/timeline`))).data;
    expect(items.map((i: any) => i.body)).toEqual(['secret']);
  });

  it("answers 404 for the page of another user's contact, showing none of its name, notes or dates", async () => {
    const owner = await signUp();
    const intruder = await signUp();
    const c = await createContact(owner, { first_name: 'Hidden', last_name: 'Person' });
    await as(owner, `/api/v1/contacts/${c.id}/notes`, { method: 'POST', json: { body: 'only-the-owner-reads-this' } });
    const page = await as(intruder, `/contacts/${c.id}`);
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(html).not.toContain('only-the-owner-reads-this');
    expect(html).not.toContain('Hidden Person');
    expect((await as(owner, `/contacts/${c.id}`)).status).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents the contact-detail, follow-up and inbound email routes', async () => {
    const { call } = await import('../support/client');
    const doc = await json(await call('/api/v1/openapi.json'));
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/contacts/{id}/timeline',
        '/api/v1/contacts/{id}/notes',
        '/api/v1/contacts/{id}/meetings',
        '/api/v1/interactions/{id}',
        '/api/v1/contacts/{id}/duplicates',
        '/api/v1/contacts/{id}/merge',
        '/api/v1/contacts/{id}/sync',
        '/api/v1/followups',
        '/api/v1/inbound/email',
      ]),
    );
    expect(doc.components.schemas.Interaction.properties.is_long).toBeTruthy();
  });
});
