import { describe, expect, it, vi } from 'vitest';
import { as, call, createContact, json, signUp, type Session } from '../support/client';
import { interactionRow } from '../support/contact-fixtures';
import { userD1 } from '../support/stores';

async function addInteraction(me: Session, contactId: string) {
  const userId = me.user.id;
  const now = new Date().toISOString();
  await interactionRow(await userD1(me), userId, contactId, { kind: 'message', body: 'hi', occurredAt: now }).run();
  await (
    await userD1(me)
  )
    .prepare("INSERT INTO followups (id, user_id, contact_id, reason, due_at, created_at) VALUES (?1, ?2, ?3, 'say hi', ?4, ?4)")
    .bind(crypto.randomUUID(), userId, contactId, now)
    .run();
}

const count = async (me: Session, table: string, contactId: string) =>
  (await userD1(me))
    .prepare(`SELECT count(*) AS n FROM ${table} WHERE contact_id = ?`)
    .bind(contactId)
    .first<{ n: number }>()
    .then((r) => r?.n);

describe('2nd tier contacts', () => {
  it('counts and deletes every contact tagged "2nd tier" in any case, with related data, and nothing else', async () => {
    const me = await signUp();
    const stranger = await signUp();
    const tier = [
      await createContact(me, { first_name: 'G1', tags: ['2nd tier'], emails: ['g1@example.com'] }),
      await createContact(me, { first_name: 'G2', tags: ['2nd Tier', 'friend'] }),
      await createContact(me, { first_name: 'G3', tags: ['2ND TIER'], priority: 'archived' }),
    ];
    const keep = await createContact(me, { first_name: 'Keep', tags: ['1st tier', 'tier'] });
    const theirs = await createContact(stranger, { first_name: 'Theirs', tags: ['2nd tier'] });
    await addInteraction(me, tier[0].id);
    await addInteraction(me, keep.id);

    expect(await json(await as(me, '/api/v1/contacts/2nd-tier/count'))).toEqual({ data: { count: 3 } });
    const res = await as(me, '/api/v1/contacts/2nd-tier', { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ data: { deleted_count: 3 } });

    expect(await json(await as(me, '/api/v1/contacts/2nd-tier/count'))).toEqual({ data: { count: 0 } });
    for (const c of tier) expect((await as(me, `/api/v1/contacts/${c.id}`)).status).toBe(404);
    for (const table of ['followups', 'contact_tags', 'contact_identifiers']) expect(await count(me, table, tier[0].id), table).toBe(0);
    // Interactions go right after, through the queue (ADR 010).
    await vi.waitFor(async () => expect(await count(me, 'interactions', tier[0].id)).toBe(0), { timeout: 10_000, interval: 100 });
    expect(await count(me, 'interactions', keep.id)).toBe(1);
    expect((await json(await as(me, `/api/v1/contacts/${keep.id}`))).data.tags).toEqual(['1st tier', 'tier']);
    expect((await json(await as(stranger, `/api/v1/contacts/${theirs.id}`))).data.full_name).toBe('Theirs');
    expect(await json(await as(stranger, '/api/v1/contacts/2nd-tier/count'))).toEqual({ data: { count: 1 } });

    const audit = await (
      await userD1(me)
    )
      .prepare("SELECT data FROM audit_log WHERE user_id = ? AND action = 'contacts.delete_second_tier'")
      .bind(me.user.id)
      .first<{ data: string }>();
    expect(
      JSON.parse(audit!.data)
        .contacts.map((c: { full_name: string }) => c.full_name)
        .sort(),
    ).toEqual(['G1', 'G2', 'G3']);
  });

  it('answers zero and deletes nothing when there are none', async () => {
    const me = await signUp();
    await createContact(me, { first_name: 'Solo' });
    expect(await json(await as(me, '/api/v1/contacts/2nd-tier', { method: 'DELETE' }))).toEqual({ data: { deleted_count: 0 } });
    expect((await json(await as(me, '/api/v1/contacts'))).meta.total).toBe(1);
  });

  it('refuses a cross-origin delete from a browser session', async () => {
    const me = await signUp();
    await createContact(me, { first_name: 'G', tags: ['2nd tier'] });
    const res = await call('/api/v1/contacts/2nd-tier', {
      method: 'DELETE',
      headers: { cookie: me.cookie, origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(await json(await as(me, '/api/v1/contacts/2nd-tier/count'))).toEqual({ data: { count: 1 } });
  });
});
