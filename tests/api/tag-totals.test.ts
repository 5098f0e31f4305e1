import { describe, expect, it } from 'vitest';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { importCsv } from '../support/imports';
import { userD1 } from '../support/stores';

// A tag's total and the tag menu's counts come from tag_totals (migrations/0033), kept by
// triggers. Every way a tag or a contact's archive state is written must keep the counts equal
// to what the contacts say, which is what these tests compare after each kind of write.

/** What the user sees: each tag's count in the menu, and the list's total for each tag filter. */
async function tagCountsSeen(me: Session) {
  const { data: tags } = await json(await as(me, '/api/v1/tags'));
  return Promise.all(
    tags.map(async ({ tag, count }: { tag: string; count: number }) => {
      const listed = await json(await as(me, `/api/v1/contacts?tag=${encodeURIComponent(tag)}&page_size=200`));
      return { tag: tag.toLowerCase(), count, listedTotal: listed.meta.total, listedRows: listed.data.length };
    }),
  );
}

/** The same, counted from the contacts themselves. */
async function tagCountsTrue(me: Session) {
  const { results } = await (
    await userD1(me)
  )
    .prepare(
      `SELECT t.tag_norm AS tag, count(*) AS count, sum(c.priority != 'archived') AS active
         FROM contact_tags t JOIN contacts c ON c.id = t.contact_id
        WHERE t.user_id = ?1 GROUP BY t.tag_norm ORDER BY count(*) DESC, t.tag_norm`,
    )
    .bind(me.user.id)
    .all<{ tag: string; count: number; active: number }>();
  return results.map(({ tag, count, active }) => ({ tag, count, listedTotal: active, listedRows: active }));
}

async function expectCountsTrue(me: Session) {
  expect(await tagCountsSeen(me)).toEqual(await tagCountsTrue(me));
}

const bulk = (me: Session, body: Record<string, unknown>) => as(me, '/api/v1/contacts/bulk', { method: 'POST', json: body });

describe('tag totals', () => {
  it('follow contacts created, archived, retagged and deleted one by one', async () => {
    const me = await signUp();
    const ada = await createContact(me, { first_name: 'Ada', tags: ['Investor', 'friend'] });
    const bo = await createContact(me, { first_name: 'Bo', tags: ['investor'], priority: 'archived' });
    const cy = await createContact(me, { first_name: 'Cy', tags: ['investor', 'angel'] });
    await expectCountsTrue(me);
    expect((await tagCountsSeen(me)).find((t) => t.tag === 'investor')).toMatchObject({ count: 3, listedTotal: 2 });

    await as(me, `/api/v1/contacts/${ada.id}`, { method: 'PATCH', json: { priority: 'archived' } });
    await as(me, `/api/v1/contacts/${bo.id}`, { method: 'PATCH', json: { priority: 'high' } });
    await expectCountsTrue(me);

    await as(me, `/api/v1/contacts/${cy.id}`, { method: 'PATCH', json: { tags: ['angel', 'vip'] } });
    await expectCountsTrue(me);

    // An archived contact with tags, deleted: its tags' archived counts go with it.
    expect((await as(me, `/api/v1/contacts/${ada.id}`, { method: 'DELETE' })).status).toBe(204);
    await expectCountsTrue(me);
    expect((await tagCountsSeen(me)).map((t) => t.tag)).not.toContain('friend');
  });

  it('follow bulk tagging, archiving, merging and deleting', async () => {
    const me = await signUp();
    const ids: string[] = [];
    for (const [i, tags] of [['vc'], ['vc', 'angel'], ['angel'], [], ['vc']].entries())
      ids.push((await createContact(me, { first_name: `P${i}`, tags })).id);

    await bulk(me, { ids: ids.slice(0, 4), action: 'add_tags', value: ['Founder', 'vc'] });
    await expectCountsTrue(me);
    await bulk(me, { ids: ids.slice(1, 3), action: 'archive' });
    await expectCountsTrue(me);
    await bulk(me, { ids: [ids[0], ids[2]], action: 'remove_tags', value: ['FOUNDER'] });
    await expectCountsTrue(me);
    // The survivor keeps the union of both contacts' tags; the archived one goes.
    expect((await as(me, `/api/v1/contacts/${ids[0]}/merge`, { method: 'POST', json: { other_id: ids[1] } })).status).toBe(200);
    await expectCountsTrue(me);
    await bulk(me, { ids: [ids[0], ids[2]], action: 'set_priority', value: 'archived' });
    await bulk(me, { ids: [ids[2], ids[3]], action: 'delete' });
    await expectCountsTrue(me);
  });

  it('follow renaming and deleting a tag', async () => {
    const me = await signUp();
    await createContact(me, { first_name: 'A', tags: ['vc', 'investor'], priority: 'archived' });
    await createContact(me, { first_name: 'B', tags: ['vc'] });
    await createContact(me, { first_name: 'C', tags: ['temp'] });
    await as(me, '/api/v1/tags/vc', { method: 'PATCH', json: { name: 'Investor' } });
    await as(me, '/api/v1/tags/investor', { method: 'PATCH', json: { name: 'INVESTOR' } });
    await expectCountsTrue(me);
    expect((await json(await as(me, '/api/v1/tags'))).data).toEqual([
      { tag: 'INVESTOR', count: 2 },
      { tag: 'temp', count: 1 },
    ]);
    await as(me, '/api/v1/tags/temp', { method: 'DELETE' });
    await expectCountsTrue(me);
  });

  it('follow imports, which write tags before their new contacts, and re-imports that add tags', async () => {
    const me = await signUp();
    const existing = await createContact(me, { first_name: 'Grace', last_name: 'Hopper', emails: ['grace@navy.mil'], tags: ['admiral'] });
    await as(me, `/api/v1/contacts/${existing.id}`, { method: 'PATCH', json: { priority: 'archived' } });
    const csv = [
      'First Name,Last Name,Email,Tags,Priority',
      'Grace,Hopper,grace@navy.mil,"admiral;cobol",',
      'Alan,Turing,alan@bletchley.uk,cobol,archived',
      'Kathleen,Booth,kathleen@birkbeck.uk,cobol,high',
      '',
    ].join('\n');
    expect((await importCsv(me, csv)).status).toBe('done');
    await expectCountsTrue(me);
    expect((await tagCountsSeen(me)).find((t) => t.tag === 'cobol')).toMatchObject({ count: 3, listedTotal: 1 });
  });

  // No write path deletes a contact before its tags today; the triggers must not depend on it.
  it('hold when a contact is deleted by itself and its tags go by cascade', async () => {
    const me = await signUp();
    const kept = await createContact(me, { first_name: 'Kept', tags: ['club'], priority: 'archived' });
    const gone = await createContact(me, { first_name: 'Gone', tags: ['club', 'solo'], priority: 'archived' });
    await (await userD1(me)).prepare('DELETE FROM contacts WHERE id = ?1').bind(gone.id).run();
    await expectCountsTrue(me);
    expect((await json(await as(me, '/api/v1/tags'))).data).toEqual([{ tag: 'club', count: 1 }]);
    expect((await json(await as(me, '/api/v1/contacts?tag=club'))).meta.total).toBe(0);
    await as(me, `/api/v1/contacts/${kept.id}`, { method: 'PATCH', json: { priority: 'low' } });
    expect((await json(await as(me, '/api/v1/contacts?tag=club'))).meta.total).toBe(1);
  });

  it('go with the account', async () => {
    const me = await signUp();
    await createContact(me, { first_name: 'Gone', tags: ['soon'], priority: 'archived' });
    const db = await userD1(me);
    const deleted = await as(me, '/api/v1/me', {
      method: 'DELETE',
      json: { confirm_email: me.user.email, password: 'correct horse battery' },
    });
    expect(deleted.status).toBe(200);
    const left = await db.prepare('SELECT count(*) AS n FROM tag_totals WHERE user_id = ?1').bind(me.user.id).first<{ n: number }>();
    expect(left?.n).toBe(0);
  });
});
