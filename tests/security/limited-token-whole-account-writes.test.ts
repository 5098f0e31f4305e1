import { describe, expect, it } from 'vitest';
import { as, call, createContact, json, signUp, type Session } from '../support/client';
import { newToken } from '../support/mcp-client';
import { importCsv } from '../support/imports';
import { userD1 } from '../support/stores';

// A token limited to some contacts (ADR 035, 044) cannot change what it may not see through the
// writes that reach every contact: renaming or deleting a tag (the limit is made of tags, so
// deleting "private" or renaming "family" to "work" would undo it), a bulk action on an id it
// held before the contact left its limit, deleting "2nd tier", deleting or merging an
// organization, and imports (each row updates the contact it matches by email, whichever it is:
// a card tagged "work" would hand a hidden contact to a token limited to "work"). Nor do the
// tags it lists name or count the contacts kept from it.

const withToken = (token: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
  call(`/api/v1${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` } });

async function tagsOf(me: Session, id: string): Promise<string[]> {
  return (await json(await as(me, `/api/v1/contacts/${id}`))).data.tags;
}

async function people(me: Session) {
  return {
    wanda: await createContact(me, { first_name: 'Wanda', tags: ['work'] }),
    hugo: await createContact(me, { first_name: 'Hugo', tags: ['family'] }),
    sara: await createContact(me, { first_name: 'Sara', tags: ['work', 'private', 'therapist'] }),
  };
}

describe('a token limited to some contacts, on writes that reach every contact', () => {
  it('cannot rename or delete a tag, so "private" and its other tags keep what they keep', async () => {
    const me = await signUp();
    const { hugo, sara } = await people(me);
    const hiding = await newToken(me, { scopes: ['contacts:read', 'contacts:write'], hide_private: true });
    const working = await newToken(me, { scopes: ['contacts:read', 'contacts:write'], contact_tags: ['work'], hide_private: true });

    const attempts: [string, string, string, unknown?][] = [
      [hiding.token, 'DELETE', '/tags/private'],
      [hiding.token, 'PATCH', '/tags/private', { name: 'seen' }],
      [working.token, 'PATCH', '/tags/family', { name: 'work' }],
      [working.token, 'DELETE', '/tags/private'],
    ];
    for (const [token, method, path, body] of attempts) {
      const res = await withToken(token, path, { method, json: body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await json(res)).error.code, `${method} ${path}`).toBe('insufficient_scope');
    }

    expect((await withToken(hiding.token, `/contacts/${sara.id}`)).status).toBe(404);
    expect((await withToken(working.token, `/contacts/${hugo.id}`)).status).toBe(404);
    expect(await tagsOf(me, sara.id)).toEqual(['private', 'therapist', 'work']);
    expect(await tagsOf(me, hugo.id)).toEqual(['family']);
    // The owner, signed in, still renames and deletes tags.
    expect((await as(me, '/api/v1/tags/family', { method: 'PATCH', json: { name: 'kin' } })).status).toBe(200);
    expect(await tagsOf(me, hugo.id)).toEqual(['kin']);
  });

  it('lists only the tags of the contacts it may see, counted over them', async () => {
    const me = await signUp();
    await people(me);
    const working = await newToken(me, { contact_tags: ['work'], hide_private: true });
    expect((await json(await withToken(working.token, '/tags'))).data).toEqual([{ tag: 'work', count: 1 }]);
    const hiding = await newToken(me, { hide_private: true });
    expect((await json(await withToken(hiding.token, '/tags'))).data).toEqual([
      { tag: 'family', count: 1 },
      { tag: 'work', count: 1 },
    ]);
    expect((await json(await as(me, '/api/v1/tags'))).data).toEqual([
      { tag: 'work', count: 2 },
      { tag: 'family', count: 1 },
      { tag: 'private', count: 1 },
      { tag: 'therapist', count: 1 },
    ]);
  });

  it('cannot bulk-change, delete or link a contact it saw before it was made private', async () => {
    const me = await signUp();
    const paula = await createContact(me, { first_name: 'Paula', tags: ['work'] });
    const other = await createContact(me, { first_name: 'Otto', tags: ['work'] });
    const { token } = await newToken(me, { scopes: ['contacts:read', 'contacts:write'], hide_private: true });
    const set = await as(me, `/api/v1/contacts/${paula.id}/reminders`, { method: 'POST', json: { on: '2031-01-01', note: 'call Paula' } });
    const reminder = (await json(set)).data.id as string;
    const now = new Date().toISOString();
    await (
      await userD1(me)
    )
      .prepare(
        `INSERT INTO life_events (id, user_id, contact_id, kind, summary, status, source, field, old_value, new_value, proposal_key, created_at, updated_at)
         VALUES (?1, ?2, ?3, 'new_job', 'Paula has a new job', 'proposed', 'enrichment', 'company', 'Old', 'New', ?4, ?5, ?5)`,
      )
      .bind(`lp-${paula.id}`, me.user.id, paula.id, `job:${paula.id}`, now)
      .run();
    expect((await withToken(token, `/contacts/${paula.id}`)).status).toBe(200);
    await as(me, `/api/v1/contacts/${paula.id}`, { method: 'PATCH', json: { tags: ['work', 'private'] } });

    for (const body of [
      { ids: [paula.id, other.id], action: 'delete' },
      { ids: [paula.id], action: 'remove_tags', value: ['private'] },
      { ids: [paula.id], action: 'archive' },
    ]) {
      const res = await withToken(token, '/contacts/bulk', { method: 'POST', json: body });
      expect(res.status, body.action).toBe(404);
    }
    const kept = (await json(await as(me, `/api/v1/contacts/${paula.id}`))).data;
    expect(kept.tags).toEqual(['private', 'work']);
    expect(kept.priority).not.toBe('archived');
    expect((await as(me, `/api/v1/contacts/${other.id}`)).status).toBe(200);
    // Nor her reminder, her cadence on the agenda or a life event found for her, by the ids it held.
    for (const [method, path, body] of [
      ['PATCH', `/reminders/${reminder}`, { note: 'changed' }],
      ['POST', `/agenda/reminder/${reminder}/done`, {}],
      ['POST', `/agenda/reminder/${reminder}/snooze`, { for: 'day' }],
      ['DELETE', `/reminders/${reminder}`, undefined],
      ['POST', `/agenda/cadence/${paula.id}/done`, {}],
      ['POST', `/life-events/proposals/lp-${paula.id}/accept`, {}],
      ['POST', `/life-events/proposals/lp-${paula.id}/dismiss`, {}],
    ] as const) {
      const res = await withToken(token, path, { method, json: body });
      expect.soft(res.status, `${method} ${path}`).toBe(404);
    }
    expect.soft((await json(await as(me, '/api/v1/life-events/proposals'))).data).toMatchObject([{ id: `lp-${paula.id}` }]);
    expect
      .soft((await json(await as(me, `/api/v1/contacts/${paula.id}/reminders`))).data)
      .toMatchObject([{ id: reminder, note: 'call Paula', status: 'pending' }]);
    // Nor link it to one it sees: the link would be written on Paula's side too.
    const linked = await withToken(token, `/contacts/${other.id}/relationships`, {
      method: 'POST',
      json: { other_contact_id: paula.id, kind: 'friend' },
    });
    expect.soft(linked.status, 'a link to her').toBe(404);
    expect((await json(await as(me, `/api/v1/contacts/${paula.id}/relationships`))).data).toEqual([]);
    // What it may see, it still changes.
    const archived = await withToken(token, '/contacts/bulk', { method: 'POST', json: { ids: [other.id], action: 'archive' } });
    expect(archived.status).toBe(200);
  });

  it('counts and deletes only the "2nd tier" contacts it may see', async () => {
    const me = await signUp();
    const seen = await createContact(me, { first_name: 'Seen', tags: ['2nd tier'] });
    const kept = await createContact(me, { first_name: 'Kept', tags: ['2nd Tier', 'private'] });
    const { token } = await newToken(me, { scopes: ['contacts:read', 'contacts:write'], hide_private: true });
    expect((await json(await withToken(token, '/contacts/2nd-tier/count'))).data).toEqual({ count: 1 });
    const deleted = await withToken(token, '/contacts/2nd-tier', { method: 'DELETE' });
    expect((await json(deleted)).data).toEqual({ deleted_count: 1 });
    expect((await as(me, `/api/v1/contacts/${seen.id}`)).status).toBe(404);
    expect((await json(await as(me, `/api/v1/contacts/${kept.id}`))).data.first_name).toBe('Kept');
  });

  it('cannot delete or merge an organization, whose people include contacts kept from it', async () => {
    const me = await signUp();
    const wanda = await createContact(me, { first_name: 'Wanda', company: 'Acme', tags: ['work'] });
    const sara = await createContact(me, { first_name: 'Sara', company: 'Acme', tags: ['private'] });
    const dupe = await createContact(me, { first_name: 'Dora', company: 'Acme Inc' });
    const acme = (wanda.company as { id: string }).id;
    const acmeInc = (dupe.company as { id: string }).id;
    const { token } = await newToken(me, { scopes: ['contacts:read', 'contacts:write'], hide_private: true });

    for (const [method, path, body] of [
      ['DELETE', `/organizations/${acme}`, undefined],
      ['POST', `/organizations/${acmeInc}/merge`, { other_id: acme }],
    ] as const) {
      const res = await withToken(token, path, { method, json: body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await json(res)).error.code).toBe('insufficient_scope');
    }
    expect((await json(await as(me, `/api/v1/contacts/${sara.id}`))).data.company).toMatchObject({ id: acme, name: 'Acme' });
    expect((await json(await as(me, `/api/v1/contacts/${dupe.id}`))).data.company).toMatchObject({ id: acmeInc });
    // The owner still can.
    expect((await as(me, `/api/v1/organizations/${acme}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('cannot import, read an import or cancel one, since a row updates and retags whichever contact it matches', async () => {
    const me = await signUp();
    const hugo = await createContact(me, { first_name: 'Hugo', emails: ['hugo@family.example'], tags: ['family'] });
    const { token } = await newToken(me, { scopes: ['contacts:read', 'contacts:write', 'account'], contact_tags: ['work'] });
    const card = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Hugo\r\nN:;Hugo;;;\r\nEMAIL:hugo@family.example\r\nCATEGORIES:work\r\nEND:VCARD\r\n';
    const csv = 'First Name,E-mail Address,Labels\r\nHugo,hugo@family.example,work\r\n';
    const uploads: [string, string, string][] = [
      ['/imports/vcard', card, 'contacts.vcf'],
      ['/imports/csv', csv, 'contacts.csv'],
      ['/imports/backup', '{}\n', 'kith-backup.jsonl'],
    ];
    for (const [path, contents, name] of uploads) {
      const form = new FormData();
      form.set('file', new File([contents], name, { type: 'text/plain' }));
      const res = await withToken(token, path, { method: 'POST', body: form });
      expect(res.status, path).toBe(403);
      expect((await json(res)).error.code, path).toBe('insufficient_scope');
    }
    const monica = await withToken(token, '/imports/monica', { method: 'POST', json: { url: 'https://monica.example', token: 'x' } });
    expect(monica.status).toBe(403);
    expect((await json(await as(me, '/api/v1/imports'))).data).toEqual([]);

    // Nor does it read the owner's import reports, which quote the rows (a hidden contact's too), or cancel one.
    const owners = await importCsv(me, 'First Name,Last Name,Email,Labels\r\nSara,Secret,sara@@secret.example,private\r\n');
    expect((await json(await as(me, `/api/v1/imports/${owners.id}`))).data.warnings).toMatchObject([{ value: 'sara@@secret.example' }]);
    for (const [method, path] of [
      ['GET', `/imports/${owners.id}`],
      ['POST', `/imports/${owners.id}/cancel`],
    ] as const) {
      const res = await withToken(token, path, { method });
      expect.soft(res.status, `${method} ${path}`).toBe(403);
    }
    expect(await tagsOf(me, hugo.id)).toEqual(['family']);
    expect((await withToken(token, `/contacts/${hugo.id}`)).status).toBe(404);
  });
});
