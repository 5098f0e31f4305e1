import { env } from 'cloudflare:workers';
import { databaseNamed, databaseOf } from '../../worker/db/stores';
import { getSettings, type Env } from '../../worker/env';
import { userD1 } from './stores';

const testEnv = env as unknown as Env;

export interface SeedContact {
  name: string;
  location?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  score?: number;
  priority?: 'high' | 'medium' | 'low' | 'archived';
}

let seq = 0;

/**
 * Inserts contacts straight into D1, bypassing the save path on purpose: no geocode job is
 * enqueued, so a test decides alone when and how a contact gets geocoded, and hundreds of
 * already-geocoded contacts take milliseconds. Coordinates given = settled for `location`.
 */
export async function seedContacts(userId: string, rows: SeedContact[]): Promise<string[]> {
  const now = new Date().toISOString();
  const ids: string[] = [];
  // The user's own database (KITH_TEST_SHARDS=2 may place them on DB_SHARD_2).
  const db = await userD1(userId);
  const statements = rows.map((r) => {
    const id = `seed${Date.now().toString(36)}${(++seq).toString(36).padStart(6, '0')}`;
    ids.push(id);
    const location = r.location === undefined ? (r.latitude != null ? `Place ${seq}` : null) : r.location;
    const settled = r.latitude != null;
    return db
      .prepare(
        `INSERT INTO contacts (id, user_id, first_name, full_name, name_sort, priority, location, latitude, longitude,
           geocoded_location, geocoded_at, relationship_score, bcc_token, source, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'manual', ?, ?)`,
      )
      .bind(
        id,
        userId,
        r.name,
        r.name,
        r.name.toLowerCase(),
        r.priority ?? 'medium',
        location,
        r.latitude ?? null,
        r.longitude ?? null,
        settled ? location : null,
        settled ? now : null,
        r.score ?? 0,
        `bcc${id}`,
        now,
        now,
      );
  });
  for (let i = 0; i < statements.length; i += 200) await db.batch(statements.slice(i, i + 200));
  return ids;
}

interface ContactRow {
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  geocoded_location: string | null;
  geocoded_at: string | null;
}

/**
 * A contact's geocoding columns, read from its owner's database: each user database is asked,
 * and a row counts only from the database the directory assigns its user (as the Worker reads).
 */
export async function contactRow(id: string): Promise<ContactRow | null> {
  for (const database of getSettings(testEnv).USER_DATABASES) {
    const row = await databaseNamed(testEnv, database)
      .prepare('SELECT user_id, location, latitude, longitude, geocoded_location, geocoded_at FROM contacts WHERE id = ?')
      .bind(id)
      .first<ContactRow & { user_id: string }>();
    if (row && (await databaseOf(testEnv, row.user_id)) === database) {
      const { user_id: _owner, ...columns } = row;
      return columns;
    }
  }
  return null;
}

/** How many forward-geocoding calls the fake Mapbox has answered for this exact text. */
export async function mapboxCalls(text: string): Promise<number> {
  const base = (env as unknown as { FAKE_PROVIDERS_URL: string }).FAKE_PROVIDERS_URL;
  const res = await fetch(`${base}/mapbox/__calls?q=${encodeURIComponent(text)}`);
  return ((await res.json()) as { calls: number }).calls;
}
