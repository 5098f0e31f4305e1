import { describe, expect, it } from 'vitest';
import { autoMergeByIdentifiers, mergeContactsOfRecord } from '../../worker/domain/merge/auto-merge';
import { mergeContacts } from '../../worker/domain/merge/merge-contacts';
import { recordInteractions } from '../../worker/domain/timeline/record-interactions';
import { as, createContact, json, signUp } from '../support/client';
import { userD1, userDeps } from '../support/stores';

describe('merge', () => {
  it('rejects a duplicate email with the other contact, then merges the two on request', async () => {
    const me = await signUp();
    const ada = await createContact(me, { first_name: 'Ada', last_name: 'Lovelace', emails: ['ada@example.org'] });
    const other = await createContact(me, { first_name: 'A.', last_name: 'Lovelace', phones: ['+44 20 7946 0000'] });

    const conflict = await as(me, `/api/v1/contacts/${other.id}`, { method: 'PATCH', json: { emails: ['ADA@example.org'] } });
    expect(conflict.status).toBe(409);
    const err = await json(conflict);
    expect(err.error.code).toBe('duplicate_identifier');
    expect(err.error.details).toMatchObject({ field: 'emails', existing_contact: { id: ada.id, full_name: 'Ada Lovelace' } });
    expect((await json(await as(me, `/api/v1/contacts/${other.id}`))).data.emails).toEqual([]);

    const merged = await as(me, `/api/v1/contacts/${ada.id}/merge`, { method: 'POST', json: { other_id: other.id } });
    expect(merged.status).toBe(200);
    const contact = (await json(merged)).data;
    expect(contact).toMatchObject({ id: ada.id, full_name: 'Ada Lovelace', emails: ['ada@example.org'], phones: ['+44 20 7946 0000'] });
    expect((await as(me, `/api/v1/contacts/${other.id}`)).status).toBe(404);
  });

  it('is lossless field by field: the survivor keeps its values and gains what it lacks', async () => {
    const me = await signUp();
    const survivor = await createContact(me, {
      first_name: 'Grace',
      emails: ['grace@navy.mil'],
      tags: ['Navy', 'cobol'],
      priority: 'high',
      notes: 'Invented the compiler',
      title: 'Rear Admiral',
    });
    const other = await createContact(me, {
      first_name: 'Amazing',
      last_name: 'Hopper',
      emails: ['grace@yale.edu', 'gh@example.com'],
      phones: ['+1 212 555 0100'],
      company: 'Yale',
      title: 'Professor',
      tags: ['navy', 'Yale'],
      priority: 'low',
      notes: 'PhD in mathematics',
      location: 'New York',
      telegram_username: 'ghopper',
      twitter_handle: 'gracehopper',
      linkedin_url: 'https://www.linkedin.com/in/grace-hopper',
      bios: { twitter: 'Bugs!' },
      avatar_url: 'https://example.com/g.png',
    });
    const note = await json(await as(me, `/api/v1/contacts/${other.id}/notes`, { method: 'POST', json: { body: 'Talked about moths' } }));
    await as(me, `/api/v1/contacts/${other.id}/meetings`, {
      method: 'POST',
      json: { title: 'Lunch', occurred_at: '2026-01-02T12:00:00Z' },
    });

    const res = await as(me, `/api/v1/contacts/${survivor.id}/merge`, { method: 'POST', json: { other_id: other.id } });
    expect(res.status).toBe(200);
    const c = (await json(res)).data;
    expect(c.first_name).toBe('Grace'); // kept
    expect(c.last_name).toBe('Hopper'); // gained
    expect(c.full_name).toBe('Grace Hopper');
    expect(c.title).toBe('Rear Admiral');
    expect(c.priority).toBe('high');
    expect(c.emails).toEqual(['grace@navy.mil', 'grace@yale.edu', 'gh@example.com']);
    expect(c.phones).toEqual(['+1 212 555 0100']);
    expect(c.company).toEqual(other.company);
    expect(c.tags).toEqual(['cobol', 'Navy', 'Yale']);
    expect(c.notes).toBe('Invented the compiler\n\nPhD in mathematics');
    expect(c.location).toBe('New York');
    expect(c).toMatchObject({
      telegram_username: 'ghopper',
      twitter_handle: 'gracehopper',
      linkedin_url: 'https://www.linkedin.com/in/grace-hopper',
      bios: { twitter: 'Bugs!' },
      avatar_url: 'https://example.com/g.png',
      last_interaction_at: '2026-01-02T12:00:00.000Z',
    });
    const timeline = (await json(await as(me, `/api/v1/contacts/${survivor.id}/timeline`))).data;
    expect(timeline.map((i: any) => i.kind).sort()).toEqual(['meeting', 'note']);
    expect(timeline.find((i: any) => i.kind === 'note').id).toBe(note.data.id);

    // Identifiers moved: the merged contact's handle is now the survivor's, so it still blocks duplicates.
    const dup = await as(me, '/api/v1/contacts', { method: 'POST', json: { first_name: 'X', twitter_handle: '@GraceHopper' } });
    expect((await json(dup)).error.details.existing_contact.id).toBe(survivor.id);

    const audit = await (
      await userD1(me)
    )
      .prepare("SELECT subject_id, data FROM audit_log WHERE user_id = ? AND action = 'contact.merge'")
      .bind(me.user.id)
      .first<{ subject_id: string; data: string }>();
    expect(audit!.subject_id).toBe(other.id);
    const record = JSON.parse(audit!.data);
    expect(record.survivor_id).toBe(survivor.id);
    expect(record.contact.notes).toBe('PhD in mathematics');
    expect(record.identifiers).toContainEqual({ kind: 'email', value: 'grace@yale.edu' });
    expect(record.tags.sort()).toEqual(['Yale', 'navy']);
  });

  it('merges many contacts at once within D1 limits, all in one batch', async () => {
    const me = await signUp();
    const survivor = await createContact(me, { first_name: 'Hub' });
    const others: string[] = [];
    for (let i = 0; i < 60; i++)
      others.push((await createContact(me, { first_name: `Spoke ${i}`, emails: [`spoke${i}@example.com`], tags: [`t${i % 3}`] })).id);
    await recordInteractions(
      await userDeps(me),
      me.user.id,
      others.map((id, i) => ({
        contact_id: id,
        kind: 'message',
        channel: 'email',
        direction: 'in' as const,
        source: 'gmail',
        external_id: `bulk-${i}`,
        occurred_at: '2026-05-01T00:00:00Z',
      })),
    );
    await (
      await userD1(me)
    )
      .prepare('INSERT INTO duplicate_dismissals (user_id, contact_a, contact_b, created_at) VALUES (?, ?, ?, ?)')
      .bind(me.user.id, others[0], others[1], '2026-01-01')
      .run();
    await mergeContacts(await userDeps(me), me.user.id, survivor.id, others);
    const hub = (await json(await as(me, `/api/v1/contacts/${survivor.id}`))).data;
    expect(hub.emails).toHaveLength(60);
    expect(hub.tags).toEqual(['t0', 't1', 't2']);
    const timeline = await json(await as(me, `/api/v1/contacts/${survivor.id}/timeline?limit=200`));
    expect(timeline.data).toHaveLength(60);
    const left = await (
      await userD1(me)
    )
      .prepare('SELECT count(*) AS n FROM contacts WHERE user_id = ?')
      .bind(me.user.id)
      .first<{ n: number }>();
    expect(left!.n).toBe(1);
  });

  it("refuses to merge a contact into itself (422) and another user's contact (404)", async () => {
    const me = await signUp();
    const stranger = await signUp();
    const mine = await createContact(me, { first_name: 'Mine' });
    const theirs = await createContact(stranger, { first_name: 'Theirs' });
    expect((await as(me, `/api/v1/contacts/${mine.id}/merge`, { method: 'POST', json: { other_id: mine.id } })).status).toBe(422);
    expect((await as(me, `/api/v1/contacts/${mine.id}/merge`, { method: 'POST', json: { other_id: theirs.id } })).status).toBe(404);
    expect((await as(me, `/api/v1/contacts/${theirs.id}/merge`, { method: 'POST', json: { other_id: mine.id } })).status).toBe(404);
    expect((await as(stranger, `/api/v1/contacts/${theirs.id}`)).status).toBe(200);
  });

  it('auto-merges contacts sharing the same phone, the oldest surviving', async () => {
    const me = await signUp();
    const older = await createContact(me, { first_name: 'Older', phones: ['+44 20 7946 0001'] });
    const newer = await createContact(me, { last_name: 'Newer', phones: ['44 20 7946 0001'], emails: ['newer@example.com'] });
    const unrelated = await createContact(me, { first_name: 'Unrelated', phones: ['+44 20 7946 0002'] });
    const results = await autoMergeByIdentifiers(await userDeps(me), me.user.id, [newer.id, unrelated.id]);
    expect(results).toEqual([{ survivor_id: older.id, merged_ids: [newer.id] }]);
    const survivor = (await json(await as(me, `/api/v1/contacts/${older.id}`))).data;
    expect(survivor).toMatchObject({ full_name: 'Older Newer', emails: ['newer@example.com'] });
    expect(survivor.phones.sort()).toEqual(['+44 20 7946 0001', '44 20 7946 0001']);
    expect((await as(me, `/api/v1/contacts/${newer.id}`)).status).toBe(404);
    expect((await as(me, `/api/v1/contacts/${unrelated.id}`)).status).toBe(200);
    expect(await autoMergeByIdentifiers(await userDeps(me), me.user.id)).toEqual([]);
  });

  it('merges the contacts an imported record resolves to (email of one, phone of another) into the oldest', async () => {
    const me = await signUp();
    const a = await createContact(me, { first_name: 'By email', emails: ['lin@example.com'] });
    const b = await createContact(me, { first_name: 'By phone', phones: ['+1 415 555 0199'] });
    const survivor = await mergeContactsOfRecord(await userDeps(me), me.user.id, { emails: ['LIN@example.com'], phones: ['+14155550199'] });
    expect(survivor).toBe(a.id);
    expect((await as(me, `/api/v1/contacts/${b.id}`)).status).toBe(404);
    expect((await json(await as(me, `/api/v1/contacts/${a.id}`))).data.phones).toEqual(['+1 415 555 0199']);
    expect(await mergeContactsOfRecord(await userDeps(me), me.user.id, { emails: ['nobody@example.com'] })).toBeNull();
  });
});
