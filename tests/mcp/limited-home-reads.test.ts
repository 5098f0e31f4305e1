import { describe, expect, it } from 'vitest';
import { generateFollowups } from '../../worker/domain/followups/followups';
import { as, call, createContact, signUp, type Session } from '../support/client';
import { newToken } from '../support/mcp-client';
import { userD1, userDeps } from '../support/stores';

// Issue 47: a token limited to contacts tagged "work" never sees another contact, in the lists
// an agent reads to decide whom to contact (Home's cards, the agenda, suggestions, found life
// events) as in search and reads. Each list is read with the full session too, so a case that
// stops showing the hidden contact at all cannot pass for a limit.

const TODAY = new Date().toISOString().slice(0, 10);

async function due(me: Session, first_name: string, tags: string[]) {
  const contact = await createContact(me, { first_name, last_name: 'Case', tags });
  expect((await as(me, `/api/v1/contacts/${contact.id}`, { method: 'PATCH', json: { cadence: { every: 1, unit: 'day' } } })).status).toBe(
    200,
  );
  const reminder = await as(me, `/api/v1/contacts/${contact.id}/reminders`, {
    method: 'POST',
    json: { on: TODAY, note: `call ${first_name}` },
  });
  expect(reminder.status).toBe(201);
  const soon = new Date(Date.now() + 3 * 86_400_000);
  const birthday = { kind: 'birthday', month: soon.getUTCMonth() + 1, day: soon.getUTCDate() };
  expect((await as(me, `/api/v1/contacts/${contact.id}/dates`, { method: 'POST', json: birthday })).status).toBe(201);
  const now = new Date().toISOString();
  // A proposal as a field change writes it (worker/domain/life-events/field-change-proposals.ts).
  await (
    await userD1(me)
  )
    .prepare(
      `INSERT INTO life_events (id, user_id, contact_id, kind, summary, status, source, field, old_value, new_value, proposal_key, created_at, updated_at)
       VALUES (?1, ?2, ?3, 'new_job', ?4, 'proposed', 'enrichment', 'company', 'Old', 'New', ?5, ?6, ?6)`,
    )
    .bind(`lp-${contact.id}`, me.user.id, contact.id, `${first_name} has a new job`, `job:${contact.id}`, now)
    .run();
  const day = `${String(birthday.month).padStart(2, '0')}-${String(birthday.day).padStart(2, '0')}`;
  await (
    await userD1(me)
  )
    .prepare(
      `INSERT INTO life_events (id, user_id, contact_id, kind, summary, status, source, recurs_on, created_at, updated_at)
       VALUES (?1, ?2, ?3, 'new_job', ?4, 'accepted', 'manual', ?5, ?6, ?6)`,
    )
    .bind(`ya-${contact.id}`, me.user.id, contact.id, `${first_name} joined Acme`, day, now)
    .run();
  // Without a cadence, a contact gets a suggestion instead (worker/domain/followups/followups.ts).
  await createContact(me, { first_name, last_name: 'Quiet', tags });
  return contact;
}

describe('a token limited to contacts tagged "work" reading the lists of whom to contact', () => {
  it('never names a contact outside its tags on Home, the agenda, suggestions or found life events', async () => {
    const me = await signUp();
    await due(me, 'Wanda', ['work']);
    await due(me, 'Hugo', ['family']);
    // A suggestion is due for every contact "a year from now".
    await generateFollowups((await userDeps(me)).db, me.user.id, new Date(Date.now() + 365 * 86_400_000));
    const { token } = await newToken(me, { scopes: ['contacts:read'], contact_tags: ['work'] });

    const leaks: string[] = [];
    for (const path of ['/home', '/agenda', '/followups', '/life-events/proposals']) {
      const full = await (await as(me, `/api/v1${path}`)).text();
      expect(full, `${path} with the session`).toContain('Hugo');
      const res = await call(`/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, path).toBe(200);
      const limited = await res.text();
      if (limited.includes('Hugo')) leaks.push(path);
    }
    expect(leaks).toEqual([]);
  });
});

describe('a token limited to contacts tagged "work" reading what links contacts', () => {
  it('never names a contact outside its tags among a company, a contact’s links, the map or the lists', async () => {
    const me = await signUp();
    const wanda = await createContact(me, { first_name: 'Wanda', last_name: 'Case', company: 'Acme', tags: ['work'] });
    const hugo = await createContact(me, { first_name: 'Hugo', last_name: 'Case', company: 'Acme', tags: ['family'] });
    const linked = await as(me, `/api/v1/contacts/${wanda.id}/relationships`, {
      method: 'POST',
      json: { kind: 'colleague', other_contact_id: hugo.id },
    });
    expect(linked.status).toBe(201);
    const orgs = (await (await as(me, '/api/v1/organizations')).json()) as { data: { id: string }[] };
    const acme = orgs.data[0]!.id;
    const { token } = await newToken(me, { scopes: ['contacts:read'], contact_tags: ['work'] });

    const leaks: string[] = [];
    for (const path of [
      `/organizations/${acme}/contacts`,
      `/contacts/${wanda.id}/relationships`,
      `/contacts/${wanda.id}/duplicates`,
      '/contacts?q=Case',
      '/contacts',
      '/contacts/ids',
    ]) {
      const full = await (await as(me, `/api/v1${path}`)).text();
      const res = await call(`/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, path).toBe(200);
      const limited = await res.text();
      if (full.includes('Hugo') || full.includes(hugo.id)) {
        if (limited.includes('Hugo') || limited.includes(hugo.id)) leaks.push(path);
      }
    }
    expect(leaks).toEqual([]);
  });
});
