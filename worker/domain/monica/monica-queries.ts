// The statements a Monica import writes: its import row (where it stands, its sealed token,
// its counts per kind), and what lands beside contacts and timeline entries: lightweight
// people, relationships, life events. Each page's rows travel as one JSON parameter.
import type { MonicaResume } from './monica-stages';

/** A new Monica import, queued at the first page of contacts; the token is sealed in `mapping`. */
export function newMonicaImportStatement(
  d1: D1Database,
  input: { id: string; userId: string; mapping: string; resume: MonicaResume; now: string },
): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO imports (id, user_id, kind, status, source, file_name, mapping, resume, created_at, updated_at)
        VALUES (?1, ?2, 'monica', 'queued', 'monica', NULL, ?3, ?4, ?5, ?5)`,
    )
    .bind(input.id, input.userId, input.mapping, JSON.stringify(input.resume), input.now);
}

export interface MonicaRun {
  status: string;
  mapping: string;
  resume: string | null;
}

export async function findMonicaRun(d1: D1Database, importId: string, userId: string): Promise<MonicaRun | null> {
  return d1
    .prepare("SELECT status, mapping, resume FROM imports WHERE id = ?1 AND user_id = ?2 AND source = 'monica'")
    .bind(importId, userId)
    .first<MonicaRun>();
}

export async function monicaRunStatus(d1: D1Database, importId: string): Promise<string | null> {
  return d1.prepare('SELECT status FROM imports WHERE id = ?1').bind(importId).first<string>('status');
}

/**
 * After a page is written: where the run resumes, the page's counts per kind added to the
 * report, and (contacts) the progress counts. In the page's last batch, so a redelivered job
 * never counts a page twice.
 */
export function pageSavedStatement(
  d1: D1Database,
  importId: string,
  next: MonicaResume,
  counts: Record<string, number>,
  now: string,
): D1PreparedStatement {
  return d1
    .prepare(
      `UPDATE imports SET resume = ?2, updated_at = ?4,
        report = (SELECT json_group_object(key, total) FROM (SELECT key, sum(value) AS total FROM (
          SELECT key, value FROM json_each(imports.report) UNION ALL SELECT key, value FROM json_each(?3)) GROUP BY key))
      WHERE id = ?1`,
    )
    .bind(importId, JSON.stringify(next), JSON.stringify(counts), now);
}

/** The contacts stage learns the instance's number of contacts from its first page. */
export function setTotalStatement(d1: D1Database, importId: string, total: number): D1PreparedStatement {
  return d1.prepare('UPDATE imports SET total = ?2 WHERE id = ?1').bind(importId, total);
}

/** Done: the token is forgotten with the resume point. */
export async function markMonicaDone(d1: D1Database, importId: string, now: string): Promise<void> {
  await d1
    .prepare("UPDATE imports SET status = 'done', resume = NULL, mapping = json_remove(mapping, '$.token'), updated_at = ?2 WHERE id = ?1")
    .bind(importId, now)
    .run();
}

/** Failed or cancelled, with the reason as an error of row 0; the token is forgotten. Only a run still going. */
export async function stopMonicaImport(d1: D1Database, importId: string, userId: string, now: string, message: string): Promise<boolean> {
  const result = await d1
    .prepare(
      `UPDATE imports SET status = 'failed', updated_at = ?3, mapping = json_remove(mapping, '$.token'),
        errors = (SELECT json_group_array(json(value)) FROM (SELECT value FROM json_each(imports.errors) UNION ALL SELECT json_object('row', 0, 'message', ?4)))
      WHERE id = ?1 AND user_id = ?2 AND source = 'monica' AND status IN ('queued', 'running')`,
    )
    .bind(importId, userId, now, message)
    .run();
  return result.meta.changes > 0;
}

/** The Kith contacts the given Monica fingerprints landed on. */
export async function contactsOfFingerprints(d1: D1Database, userId: string, fingerprints: string[]): Promise<Map<string, string>> {
  if (!fingerprints.length) return new Map();
  const { results } = await d1
    .prepare(
      `SELECT f.fingerprint, f.contact_id FROM import_fingerprints f JOIN contacts c ON c.id = f.contact_id
        WHERE f.user_id = ?1 AND f.fingerprint IN (SELECT value FROM json_each(?2))`,
    )
    .bind(userId, JSON.stringify([...new Set(fingerprints)]))
    .all<{ fingerprint: string; contact_id: string }>();
  return new Map(results.map((r) => [r.fingerprint, r.contact_id]));
}

/** Which of these fingerprints' contacts already wear an avatar (a Monica avatar is not fetched for them). */
export async function fingerprintsWearingAvatars(d1: D1Database, userId: string, fingerprints: string[]): Promise<Set<string>> {
  if (!fingerprints.length) return new Set();
  const { results } = await d1
    .prepare(
      `SELECT f.fingerprint FROM import_fingerprints f JOIN contacts c ON c.id = f.contact_id
        WHERE f.user_id = ?1 AND f.fingerprint IN (SELECT value FROM json_each(?2)) AND c.avatar_url IS NOT NULL`,
    )
    .bind(userId, JSON.stringify([...new Set(fingerprints)]))
    .all<{ fingerprint: string }>();
  return new Set(results.map((r) => r.fingerprint));
}

/** Every contact imported from this instance with its name: a journal entry is placed on those it names. */
export async function namesOfImported(
  d1: D1Database,
  userId: string,
  prefix: string,
): Promise<{ contact_id: string; full_name: string }[]> {
  const { results } = await d1
    .prepare(
      `SELECT f.contact_id, c.full_name FROM import_fingerprints f JOIN contacts c ON c.id = f.contact_id
        WHERE f.user_id = ?1 AND f.fingerprint >= ?2 AND f.fingerprint < ?2 || x'ff'`,
    )
    .bind(userId, prefix)
    .all<{ contact_id: string; full_name: string }>();
  return results;
}

export interface PersonRow {
  id: string;
  name: string;
  note: string;
}

/** Partial contacts as lightweight people; the id is derived from the Monica id, so a rerun renames instead of duplicating. */
export function upsertPeopleStatement(d1: D1Database, userId: string, rows: PersonRow[], now: string): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO people (id, user_id, name, note, created_at, updated_at)
        SELECT json_extract(v.value, '$.id'), ?1, json_extract(v.value, '$.name'), json_extract(v.value, '$.note'), ?3, ?3 FROM json_each(?2) AS v WHERE true
        ON CONFLICT (id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at WHERE people.user_id = excluded.user_id AND people.name <> excluded.name`,
    )
    .bind(userId, JSON.stringify(rows), now);
}

export interface RelationshipSideRow {
  id: string;
  contact_id: string;
  other_id: string;
  other_type: 'contact' | 'person';
  kind: string;
  label: string;
  since: string | null;
}

/** Relationship sides; one already there (same link, or the same kind to the same other) is kept as it is. */
export function insertRelationshipsStatement(
  d1: D1Database,
  userId: string,
  rows: RelationshipSideRow[],
  now: string,
): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT OR IGNORE INTO relationships (user_id, id, contact_id, other_id, other_type, kind, label, note, since, created_at, updated_at)
        SELECT ?1, json_extract(v.value, '$.id'), json_extract(v.value, '$.contact_id'), json_extract(v.value, '$.other_id'),
          json_extract(v.value, '$.other_type'), json_extract(v.value, '$.kind'), json_extract(v.value, '$.label'), NULL,
          json_extract(v.value, '$.since'), ?3, ?3
        FROM json_each(?2) AS v`,
    )
    .bind(userId, JSON.stringify(rows), now);
}

export interface LifeEventRow {
  id: string;
  contact_id: string;
  kind: string;
  summary: string;
  happened_on: string | null;
  evidence: string | null;
  key: string;
  /** When Monica last changed it; null when it does not say. */
  changed_at: string | null;
}

/**
 * Accepted life events keyed by their Monica id: a rerun takes Monica's kind, summary, date and
 * note when Monica changed the event after Kith's copy was last written (ADR 057).
 */
export function upsertLifeEventsStatement(
  d1: D1Database,
  userId: string,
  importId: string,
  rows: LifeEventRow[],
  now: string,
): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO life_events (id, user_id, contact_id, kind, summary, happened_on, status, source, evidence, import_id, proposal_key, created_at, updated_at, decided_at)
        SELECT json_extract(v.value, '$.id'), ?1, json_extract(v.value, '$.contact_id'), json_extract(v.value, '$.kind'), json_extract(v.value, '$.summary'),
          json_extract(v.value, '$.happened_on'), 'accepted', 'import', json_extract(v.value, '$.evidence'), ?3, json_extract(v.value, '$.key'), ?4, ?4, ?4
        FROM json_each(?2) AS v WHERE true
        ON CONFLICT (user_id, contact_id, proposal_key) WHERE proposal_key IS NOT NULL DO UPDATE SET
          kind = excluded.kind, summary = excluded.summary, happened_on = excluded.happened_on, evidence = excluded.evidence, updated_at = excluded.updated_at
        WHERE (life_events.kind, life_events.summary, coalesce(life_events.happened_on, ''), coalesce(life_events.evidence, ''))
            IS NOT (excluded.kind, excluded.summary, coalesce(excluded.happened_on, ''), coalesce(excluded.evidence, ''))
          AND coalesce((SELECT json_extract(v.value, '$.changed_at') FROM json_each(?2) AS v
            WHERE json_extract(v.value, '$.key') = excluded.proposal_key), '9') > life_events.updated_at`,
    )
    .bind(userId, JSON.stringify(rows), importId, now);
}

/**
 * Every way in ended (a reset, "log out everywhere", account deletion): each Monica import still
 * holding its sealed token stops, and the token is forgotten; whoever started it may not be the
 * owner. Gives how many stopped. Narrowed by the user's index (imports_user).
 */
export async function stopMonicaImportsHoldingTokens(d1: D1Database, userId: string, now: string): Promise<number> {
  const { results } = await d1
    .prepare(
      `UPDATE imports SET status = 'failed', resume = NULL, updated_at = ?2, mapping = json_remove(mapping, '$.token'),
        errors = (SELECT json_group_array(json(value)) FROM (SELECT value FROM json_each(imports.errors) UNION ALL
          SELECT json_object('row', 0, 'message', 'Stopped when every way into the account was ended; start it again with a new token.')))
      WHERE user_id = ?1 AND source = 'monica' AND json_extract(mapping, '$.token') IS NOT NULL
      RETURNING id`,
    )
    .bind(userId, now)
    .all<{ id: string }>();
  return results.length;
}
