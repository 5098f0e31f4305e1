import fc from 'fast-check';
import { env } from 'cloudflare:workers';
import { as, createContact, json, type Session } from './client';
import { userD1 } from './stores';

// Fully populated contacts for the merge tests: every field the API takes, and a row in every
// table that refers to a contact (through the API where it has a route, else as the sync,
// import or send that writes it would).

const word = fc.constantFrom('Ada', 'Grace', 'Åsa', 'Дмитрий', 'O’Neil', 'Lin', 'María José', 'Nakamura', 'Zoë');
const text = fc.constantFrom('Met at Slush', 'Likes sailing', 'Intro via Sam', 'Two kids', 'Board member', 'Has a cat');
const day = fc.record({ month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 28 }) });

export const personArb = fc.record({
  first_name: fc.option(word, { nil: undefined }),
  last_name: fc.option(word, { nil: undefined }),
  title: fc.option(fc.constantFrom('CTO', 'Founder', 'Professor', 'Designer'), { nil: undefined }),
  company: fc.option(fc.constantFrom('Fjord', 'Acme', 'Orbit'), { nil: undefined }),
  priority: fc.constantFrom('high', 'medium', 'low'),
  notes: fc.option(text, { nil: undefined }),
  location: fc.option(fc.constantFrom('Stockholm', 'Paris, France', 'Tokyo'), { nil: undefined }),
  handles: fc.boolean(),
  bios: fc.option(fc.record({ twitter: text, telegram: text, linkedin: text }), { nil: undefined }),
  avatar: fc.boolean(),
  connected_on: fc.option(fc.constantFrom('2019-03-01', '2021-11-12'), { nil: undefined }),
  cadence: fc.option(fc.record({ every: fc.integer({ min: 1, max: 6 }), unit: fc.constantFrom('day', 'week', 'month') }), {
    nil: undefined,
  }),
  tags: fc.uniqueArray(fc.constantFrom('friend', 'Investor', 'FRIEND2', 'vc', 'Yale'), {
    minLength: 1,
    maxLength: 3,
    selector: (t) => t.toLowerCase(),
  }),
  phones: fc.integer({ min: 0, max: 2 }),
  emails: fc.integer({ min: 1, max: 2 }),
  birthday: fc.option(
    fc.record({
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 28 }),
      year: fc.option(fc.integer({ min: 1950, max: 2005 }), { nil: null }),
    }),
    { nil: undefined },
  ),
  anniversary: fc.option(day, { nil: undefined }),
  custom: fc.tuple(day, fc.constantFrom('Name day', 'Started at Acme')),
  reminders: fc.array(fc.tuple(fc.constantFrom('2027-01-05', '2027-03-10'), fc.option(text, { nil: null })), {
    minLength: 1,
    maxLength: 2,
  }),
  timeline: fc.array(text, { minLength: 1, maxLength: 3 }),
});
export type Person = typeof personArb extends fc.Arbitrary<infer T> ? T : never;

let serial = 0;

/** Creates the contact through the API, then gives it a row in every table that refers to a contact. */
export async function createPerson(me: Session, p: Person, third: string): Promise<string> {
  const n = `${Date.now().toString(36)}${++serial}`;
  const contact = await createContact(me, {
    first_name: p.first_name,
    last_name: p.last_name ?? (p.first_name ? undefined : `Person ${n}`),
    title: p.title,
    company: p.company,
    priority: p.priority,
    notes: p.notes,
    location: p.location,
    tags: p.tags,
    emails: Array.from({ length: p.emails }, (_, i) => `p${n}-${i}@example.org`),
    phones: Array.from({ length: p.phones }, (_, i) => `+44 20 79${String(serial * 3 + i).padStart(6, '0')}`),
    ...(p.handles ? { telegram_username: `tg${n}`, twitter_handle: `x${n}`, linkedin_url: `https://www.linkedin.com/in/li-${n}` } : {}),
    ...(p.bios ? { bios: p.bios } : {}),
    ...(p.avatar ? { avatar_url: `https://example.com/${n}.png` } : {}),
  });
  const id: string = contact.id;
  const post = async (path: string, body: unknown) => {
    const res = await as(me, `/api/v1/contacts/${id}/${path}`, { method: 'POST', json: body });
    if (res.status !== 201 && res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await json(res)).data;
  };
  if (p.cadence) {
    const res = await as(me, `/api/v1/contacts/${id}`, { method: 'PATCH', json: { cadence: p.cadence } });
    if (res.status !== 200) throw new Error(`cadence: ${res.status} ${await res.text()}`);
  }
  if (p.birthday) await post('dates', { kind: 'birthday', ...p.birthday });
  if (p.anniversary) await post('dates', { kind: 'anniversary', ...p.anniversary });
  await post('dates', { kind: 'custom', label: p.custom[1], ...p.custom[0] });
  for (const [on, note] of p.reminders) await post('reminders', { on, note });
  await post('events', { kind: 'new_job', summary: `New job ${n}`, happened_on: '2024-05-06', recurs: true });
  const notes = [];
  for (const body of p.timeline) notes.push(await post('notes', { body }));
  // Each merged contact's link to the third differs in kind, so the merge moves it rather than
  // dropping it as a duplicate of the survivor's (a duplicate is not given back by Unmerge, ADR 020).
  await post('relationships', { other_contact_id: third, kind: serial % 2 ? 'friend' : 'colleague', note: `met ${n}` });

  const db = await userD1(me);
  const u = me.user.id;
  const now = new Date().toISOString();
  const [a, b] = [id, third].sort();
  await db.batch([
    // Only LinkedIn's connections import writes connected_on.
    db.prepare('UPDATE contacts SET connected_on = ?1 WHERE id = ?2').bind(p.connected_on ?? null, id),
    db
      .prepare(
        "INSERT INTO followups (id, user_id, contact_id, reason, status, due_at, created_at) VALUES (?1, ?2, ?3, 'Catch up', 'pending', ?4, ?4)",
      )
      .bind(`f-${n}`, u, id, now),
    db
      .prepare('INSERT INTO telegram_peers (user_id, peer_id, contact_id, bio, updated_at) VALUES (?1, ?2, ?3, ?4, ?5)')
      .bind(u, `peer-${n}`, id, `bio ${n}`, now),
    db
      .prepare(
        "INSERT INTO linkedin_outbox (id, user_id, contact_id, interaction_id, body, status, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, 'queued', ?6, ?6)",
      )
      .bind(`lo-${n}`, u, id, notes[0].id, `hello ${n}`, now),
    db
      .prepare(
        "INSERT OR IGNORE INTO messaging_groups (id, user_id, channel, external_id, title, created_at, updated_at) VALUES (?1, ?2, 'telegram', ?1, 'Sailing club', ?3, ?3)",
      )
      .bind(`shared-${u}`, u, now),
    db
      .prepare(
        "INSERT INTO messaging_groups (id, user_id, channel, external_id, title, created_at, updated_at) VALUES (?1, ?2, 'telegram', ?1, 'Own group', ?3, ?3)",
      )
      .bind(`g-${n}`, u, now),
    db
      .prepare('INSERT INTO messaging_group_members (user_id, group_id, contact_id) VALUES (?1, ?2, ?3), (?1, ?4, ?3)')
      .bind(u, `shared-${u}`, id, `g-${n}`),
    db.prepare('INSERT INTO import_fingerprints (user_id, fingerprint, contact_id) VALUES (?1, ?2, ?3)').bind(u, `fp-${n}`, id),
    // A document on the contact (ADR 066): its row moves, its bytes keep their R2 key.
    db
      .prepare(
        "INSERT INTO contact_files (id, user_id, contact_id, kind, file_name, content_type, byte_size, r2_key, source, created_at) VALUES (?1, ?2, ?3, 'document', ?4, 'application/pdf', 3, ?5, 'upload', ?6)",
      )
      .bind(`cf-${n}`, u, id, `lease ${n}.pdf`, `contact-files/${u}/cf-${n}`, now),
    // A line of a phone's card that Kith does not model (CardDAV, ADR 028).
    db
      .prepare('INSERT INTO dav_kept_properties (id, user_id, contact_id, position, line) VALUES (?1, ?2, ?3, 0, ?4)')
      .bind(`dk-${n}`, u, id, `IMPP;X-SERVICE-TYPE=Skype:skype:person${n}`),
    db
      .prepare(
        "INSERT INTO message_sends (user_id, idempotency_key, contact_id, channel, status, interaction_id, created_at) VALUES (?1, ?2, ?3, 'email', 'sent', ?4, ?5)",
      )
      .bind(u, `key-${n}`, id, notes[0].id, now),
    db
      .prepare("INSERT INTO duplicate_suggestions (user_id, contact_a, contact_b, reason, created_at) VALUES (?1, ?2, ?3, 'same name', ?4)")
      .bind(u, a, b, now),
    db
      .prepare('INSERT OR IGNORE INTO duplicate_dismissals (user_id, contact_a, contact_b, created_at) VALUES (?1, ?2, ?3, ?4)')
      .bind(u, a, b, now),
  ]);
  return id;
}

/** Every row of `table` that names one of `ids` in `columns`, as stored. */
export async function rowsNaming(me: Session, table: string, columns: string[], ids: string[]): Promise<Record<string, unknown>[]> {
  const db = await userD1(me);
  const where = columns.map((c) => `${c} IN (SELECT value FROM json_each(?1))`).join(' OR ');
  return (await db.prepare(`SELECT * FROM "${table}" WHERE ${where}`).bind(JSON.stringify(ids)).all()).results;
}

/** The tables of the live schema that refer to a contact: a contact_id column or a foreign key to contacts. */
export async function tablesReferringToContacts(): Promise<Map<string, string[]>> {
  const db = (env as unknown as { DB: D1Database }).DB;
  const { results } = await db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%' AND name NOT LIKE '_cf%'")
    .all<{ name: string }>();
  const found = new Map<string, string[]>();
  for (const { name } of results) {
    if (name === 'contacts') continue;
    const columns = (await db.prepare(`PRAGMA table_xinfo("${name}")`).all<{ name: string }>()).results.map((c) => c.name);
    const keys = (await db.prepare(`PRAGMA foreign_key_list("${name}")`).all<{ table: string; from: string }>()).results;
    const refer = [
      ...new Set([...columns.filter((c) => c === 'contact_id'), ...keys.filter((k) => k.table === 'contacts').map((k) => k.from)]),
    ];
    if (refer.length) found.set(name, refer.sort());
  }
  return found;
}

/** The columns of the contacts table. */
export async function contactColumns(): Promise<string[]> {
  const db = (env as unknown as { DB: D1Database }).DB;
  return (await db.prepare('PRAGMA table_xinfo("contacts")').all<{ name: string }>()).results.map((c) => c.name);
}
