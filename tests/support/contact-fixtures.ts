import { env } from 'cloudflare:workers';
import { as, createContact, json, type Session } from './client';
import { userD1 } from './stores';

/**
 * The directory database (DB): users, sessions, tokens, rate limits. A user's own rows may be on
 * another database (KITH_TEST_SHARDS=2): reach those through userD1 (tests/support/stores.ts).
 */
export const testDb = (env as unknown as { DB: D1Database }).DB;

type Column = 'relationship_score' | 'last_interaction_at' | 'created_at' | 'priority' | 'connected_on';

/** Sets columns that only background work writes (scores, interaction dates), as that work would. */
export async function setContactColumns(
  session: Session,
  id: string,
  columns: Partial<Record<Column, string | number | null>>,
): Promise<void> {
  const keys = Object.keys(columns) as Column[];
  await (
    await userD1(session)
  )
    .prepare(`UPDATE contacts SET ${keys.map((k, i) => `${k} = ?${i + 2}`).join(', ')} WHERE id = ?1`)
    .bind(id, ...keys.map((k) => columns[k] ?? null))
    .run();
}

/** An interaction row written straight to D1 (a prepared statement: run it, or batch many). */
export function interactionRow(
  db: D1Database,
  userId: string,
  contactId: string,
  { kind = 'note', body = 'x', occurredAt = new Date().toISOString() } = {},
): D1PreparedStatement {
  return db
    .prepare(
      'INSERT INTO interactions (id, user_id, contact_id, kind, body, occurred_at, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, ?6)',
    )
    .bind(crypto.randomUUID(), userId, contactId, kind, body, occurredAt);
}

/** Creates a contact and then sets its background-written columns. */
export async function contactWith(
  session: Session,
  body: Record<string, unknown>,
  columns: Partial<Record<Column, string | number | null>> = {},
) {
  const contact = await createContact(session, body);
  if (Object.keys(columns).length) await setContactColumns(session, contact.id, columns);
  return contact as { id: string; full_name: string };
}

/** The full names GET /contacts answers for a query string, in order. */
export async function namesFor(session: Session, query: string): Promise<string[]> {
  const res = await as(session, `/api/v1/contacts?${query}`);
  if (res.status !== 200) throw new Error(`list failed: ${res.status} ${await res.text()}`);
  return (await json(res)).data.map((c: { full_name: string }) => c.full_name);
}
