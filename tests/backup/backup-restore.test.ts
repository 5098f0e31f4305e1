import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import apple from '../fixtures/vcard/apple-contacts.vcf?raw';
import { accountSnapshot } from '../support/backup-snapshot';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { allContacts, upload, waitForImport } from '../support/imports';
import { createPerson, personArb } from '../support/merge-fixtures';
import { userD1 } from '../support/stores';

// #40 item 8: a full backup restores into a fresh account with everything the account held.

async function importVcard(me: Session, contents: string) {
  const res = await upload(me, '/api/v1/imports/vcard', contents, {}, 'contacts.vcf');
  expect(res.status).toBe(202);
  return waitForImport(me, (await json(res)).data.import_id);
}

/** An account with a row in every table a backup keeps: contacts from the API, a vCard (photos), the merge fixture's people. */
async function richAccount(): Promise<Session> {
  const me = await signUp('Backed Up');
  await importVcard(me, apple);
  const third = (await createContact(me, { first_name: 'Third', company: 'Orbit' })).id;
  // No route writes how_we_met yet (migration 0040 added the column).
  const d1 = await userD1(me);
  await d1.prepare("UPDATE contacts SET how_we_met = 'At the sailing club' WHERE id = ?1").bind(third).run();
  // Lines of a phone's card Kith does not model, as a CardDAV PUT keeps them (migration 0044).
  await d1
    .prepare(
      "INSERT INTO dav_kept_properties (id, user_id, contact_id, position, line) VALUES (?1, ?2, ?3, 0, 'IMPP:xmpp:third@example.org'), (?4, ?2, ?3, 1, 'X-ABRELATEDNAMES:Mia')",
    )
    .bind(`k1-${third}`, me.user.id, third, `k2-${third}`)
    .run();
  // A line of a phone's company card Kith does not model (migration 0067, ADR 059).
  await d1
    .prepare(
      "INSERT INTO dav_organization_lines (id, user_id, organization_id, position, line) SELECT ?1, user_id, id, 0, 'TEL;type=WORK;type=FAX:+44 20 7946 0301' FROM organizations WHERE user_id = ?2 AND name = 'Orbit'",
    )
    .bind(`ol-${third}`, me.user.id)
    .run();
  for (const person of fc.sample(personArb, { numRuns: 3, seed: 40 })) await createPerson(me, person, third);
  const ok = async (res: Response) => expect(res.status, await res.clone().text()).toBeLessThan(300);
  await ok(
    await as(me, `/api/v1/contacts/${third}/relationships`, {
      method: 'POST',
      json: { person: { name: 'Mia', note: 'Seven years old' }, kind: 'child' },
    }),
  );
  await ok(await as(me, '/api/v1/smart-lists', { method: 'POST', json: { name: 'Investors', filters: { tags: ['investor'] } } }));
  await ok(await as(me, '/api/v1/me', { method: 'PATCH', json: { time_zone: 'Asia/Tokyo' } }));
  await ok(
    await as(me, '/api/v1/settings/keep-in-touch', {
      method: 'PATCH',
      json: { weekly_digest: true, cadence_defaults: { high: { every: 2, unit: 'week' } } },
    }),
  );
  await ok(await as(me, '/api/v1/integrations/telegram/settings', { method: 'PUT', json: { tag_second_tier: true } }));
  const note = await as(me, `/api/v1/contacts/${third}/notes`, { method: 'POST', json: { body: 'We moved to Lisbon in May.' } });
  await ok(note);
  // A private note stays private in the new account (ADR 044).
  await ok(await as(me, `/api/v1/contacts/${third}/notes`, { method: 'POST', json: { body: 'Only for me.', private: true } }));
  // A life event found in that note, waiting in What's new (ADR 036): its message travels remapped.
  await d1
    .prepare(
      `INSERT INTO life_events (id, user_id, contact_id, kind, summary, status, source, evidence, interaction_id, proposal_key, created_at, updated_at)
       VALUES (?1, ?2, ?3, 'moved', 'Moved to Lisbon', 'proposed', 'message', 'We moved to Lisbon in May.', ?4, 'moved:lisbon', ?5, ?5)`,
    )
    .bind(`le-${third}`, me.user.id, third, (await json(note)).data.id, new Date().toISOString())
    .run();
  return me;
}

async function download(me: Session): Promise<string> {
  const res = await as(me, '/api/v1/backup');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toMatch(/kith-backup-.*\.jsonl/);
  return res.text();
}

async function restore(me: Session, file: string) {
  const res = await upload(me, '/api/v1/imports/backup', file, {}, 'kith-backup.jsonl');
  expect(res.status, await res.clone().text()).toBe(202);
  return waitForImport(me, (await json(res)).data.import_id, 60_000);
}

describe('a full backup', () => {
  it('restores into a fresh account field by field (ids aside), and a second restore changes nothing', async () => {
    const source = await richAccount();
    const file = await download(source);
    const lines = file.trim().split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({ format: 'kith-backup', version: 1 });
    expect(JSON.parse(lines.at(-1)!)).toEqual({ end: true, records: lines.length - 2 });
    // No secrets travel.
    expect(file).not.toMatch(/password|bcc_token|token_hash|secret/i);

    const before = await accountSnapshot(source);
    for (const [table, rows] of Object.entries(before)) expect(rows.length, `the fixture has ${table}`).toBeGreaterThan(0);
    expect(before.contacts!.some((c) => String(c.avatar_url).startsWith('/api/v1/contact-photos/'))).toBe(true);

    const fresh = await signUp('Fresh Start');
    const first = await restore(fresh, file);
    expect(first).toMatchObject({ status: 'done', total: lines.length - 2, failed: 0, errors: [], skipped: 0 });
    expect(await accountSnapshot(fresh, true)).toEqual(before);
    // Photos Kith kept itself come back as the same bytes.
    const withPhoto = (await allContacts(fresh)).find((c) => c.avatar_url?.startsWith('/api/'));
    const photo = await as(fresh, withPhoto.avatar_url);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toMatch(/^image\//);

    const restoredOnce = await accountSnapshot(fresh);
    const second = await restore(fresh, file);
    expect(second).toMatchObject({ status: 'done', created: 0, failed: 0, skipped: lines.length - 3 });
    expect(await accountSnapshot(fresh)).toEqual(restoredOnce);
  }, 180_000);
});

describe('a backup file that cannot be restored', () => {
  const sample = async () => {
    const me = await signUp();
    await createContact(me, { first_name: 'Ada', emails: ['ada@example.org'] });
    const c = await createContact(me, { first_name: 'Bo' });
    await as(me, `/api/v1/contacts/${c.id}/notes`, { method: 'POST', json: { body: 'Hello' } });
    return (await download(me)).trim().split('\n');
  };
  const refused = async (file: string) => {
    const me = await signUp();
    const res = await upload(me, '/api/v1/imports/backup', file, {}, 'kith-backup.jsonl');
    const body = await json(res);
    expect(await allContacts(me), 'nothing was restored').toEqual([]);
    return { status: res.status, error: body.error };
  };

  it('is refused whole, with the reason and the line at fault, and nothing restored', async () => {
    const lines = await sample();
    const cut = await refused(lines.slice(0, -2).join('\n'));
    expect(cut.status).toBe(422);
    expect(cut.error.message).toMatch(/cut short/);

    const broken = [...lines];
    broken[2] = broken[2]!.slice(0, 40);
    const damaged = await refused(broken.join('\n'));
    expect(damaged).toMatchObject({ status: 422, error: { code: 'not_processable', details: { line: 3 } } });
    expect(damaged.error.message).toMatch(/line 3 is not JSON/);

    const orphan = lines.map((l) => l.replace(/"contact_id":"[0-9a-f]+"/, '"contact_id":"nobody"'));
    const missing = await refused(orphan.join('\n'));
    expect(missing.error.message).toMatch(/refers to contacts nobody/);

    const newer = await refused([lines[0]!.replace('"version":1', '"version":2'), ...lines.slice(1)].join('\n'));
    expect(newer).toMatchObject({ status: 422, error: { details: { version: 2, supported: 1 } } });
    expect(newer.error.message).toMatch(/newer Kith/);

    const csv = await refused('first_name,last_name\nAda,Lovelace\n');
    expect(csv.status).toBe(415);
    expect(csv.error.message).toMatch(/not a Kith backup/);
  }, 120_000);
});
