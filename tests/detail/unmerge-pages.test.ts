import { describe, expect, it } from 'vitest';
import { autoMergeByIdentifiers } from '../../worker/domain/merge/auto-merge';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { userD1, userDeps } from '../support/stores';

const CONTACT_PAGE = encodeURIComponent('routes/_app.contacts.$id');
const AUDIT_PAGE = encodeURIComponent('routes/_app.settings_.audit');
const contactPage = async (me: Session, id: string) => json(await as(me, `/contacts/${id}?_data=${CONTACT_PAGE}`));
const post = (me: Session, path: string, route: string, fields: Record<string, string>) =>
  as(me, `${path}?_data=${route}`, { method: 'POST', body: new URLSearchParams(fields) });

describe('Unmerge on the pages (#40 item 2, ADR 020)', () => {
  it("the survivor's page lists what was merged into it; Unmerge there brings the person back and the card empties", async () => {
    const me = await signUp();
    const ana = await createContact(me, { first_name: 'Ana', last_name: 'Lopez', emails: ['ana@example.com'] });
    const copy = await createContact(me, { first_name: 'Ana', last_name: 'López', emails: ['ana.lopez@work.example'] });
    expect((await contactPage(me, ana.id)).merges).toEqual([]);
    expect((await as(me, `/api/v1/contacts/${ana.id}/merge`, { method: 'POST', json: { other_id: copy.id } })).status).toBe(200);

    const merged = await contactPage(me, ana.id);
    expect(merged.merges).toEqual([{ id: expect.any(String), origin: 'manual', merged_at: expect.any(String), merged_name: 'Ana López' }]);
    const html = await (await as(me, `/contacts/${ana.id}`)).text();
    expect(html).toContain('Merged into this contact');
    expect(html).toContain('aria-label="Unmerge Ana López"');

    const undone = await post(me, `/contacts/${ana.id}`, CONTACT_PAGE, { intent: 'unmerge', merge_id: merged.merges[0].id });
    expect(undone.status).toBe(200);
    expect(await json(undone)).toEqual({ ok: true, intent: 'unmerge', restored: { id: copy.id, name: 'Ana López' } });
    const back = (await json(await as(me, `/api/v1/contacts/${copy.id}`))).data;
    expect(back.emails).toEqual(['ana.lopez@work.example']);
    expect((await json(await as(me, `/api/v1/contacts/${ana.id}`))).data.emails).toEqual(['ana@example.com']);
    expect((await contactPage(me, ana.id)).merges).toEqual([]);

    const again = await post(me, `/contacts/${ana.id}`, CONTACT_PAGE, { intent: 'unmerge', merge_id: merged.merges[0].id });
    expect(again.status).toBe(409);
    expect((await json(again)).error.message).toMatch(/undone already/);
    const nonsense = await post(me, `/contacts/${ana.id}`, CONTACT_PAGE, { intent: 'unmerge', merge_id: 'not an id' });
    expect(nonsense.status).toBe(404);
    expect((await json(nonsense)).error.code).toBe('not_found');
  });

  it('the activity log lists a merge made after an import or a sync as automatic, with Unmerge, and says when it was undone', async () => {
    const me = await signUp();
    const older = await createContact(me, { first_name: 'Bo', last_name: 'Berg', phones: ['+46 70 123 4567'] });
    const newer = await createContact(me, { first_name: 'Bo', last_name: 'Berg', phones: ['46 70 123 4567'], emails: ['bo@example.com'] });
    expect(await autoMergeByIdentifiers(await userDeps(me), me.user.id, [newer.id])).toEqual([
      { survivor_id: older.id, merged_ids: [newer.id] },
    ]);

    const log = await json(await as(me, `/settings/audit?_data=${AUDIT_PAGE}`));
    const entry = log.entries.find((e: any) => e.action === 'contact.merge');
    expect(entry).toMatchObject({
      summary: 'Merged Bo Berg into another contact',
      merge: { origin: 'auto', undone: false, expired: false },
    });
    const html = await (await as(me, '/settings/audit')).text();
    expect(html).toContain('automatic');
    expect(html).toMatch(/<button[^>]*>Unmerge<\/button>/);

    const undone = await post(me, '/settings/audit', AUDIT_PAGE, { intent: 'unmerge', merge_id: entry.id });
    expect(await json(undone)).toEqual({ ok: true, intent: 'unmerge', restored: { id: newer.id, name: 'Bo Berg' } });
    expect((await json(await as(me, `/api/v1/contacts/${newer.id}`))).data.emails).toEqual(['bo@example.com']);

    const after = await json(await as(me, `/settings/audit?_data=${AUDIT_PAGE}`));
    expect(after.entries.find((e: any) => e.id === entry.id).merge).toEqual({ origin: 'auto', undone: true, expired: false });
    expect(after.entries[0]).toMatchObject({ action: 'contact.unmerge', summary: 'Unmerged Bo Berg: back as a contact of their own' });
    expect(await (await as(me, '/settings/audit')).text()).toContain('Undone');
  });

  it('a merge past its 30 days says it can no longer be undone, and neither page offers Unmerge', async () => {
    const me = await signUp();
    const kim = await createContact(me, { first_name: 'Kim' });
    const copy = await createContact(me, { first_name: 'Kim', emails: ['kim@example.com'] });
    await as(me, `/api/v1/contacts/${kim.id}/merge`, { method: 'POST', json: { other_id: copy.id } });
    // What the nightly sweep_audit_contents leaves of a merge after 30 days (ADR 026).
    await (
      await userD1(me)
    )
      .prepare("UPDATE contact_merges SET contents_dropped_at = '2026-01-01T00:00:00.000Z' WHERE user_id = ?1")
      .bind(me.user.id)
      .run();
    const log = await json(await as(me, `/settings/audit?_data=${AUDIT_PAGE}`));
    expect(log.entries.find((e: any) => e.action === 'contact.merge').merge).toEqual({ origin: 'manual', undone: false, expired: true });
    const html = await (await as(me, '/settings/audit')).text();
    expect(html).toContain('Can no longer be undone');
    expect(html).not.toMatch(/<button[^>]*>Unmerge<\/button>/);
    expect((await contactPage(me, kim.id)).merges).toEqual([]);
  });
});
