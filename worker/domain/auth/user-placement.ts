import { nowIso } from '../../db/columns';
import type { UserRow } from '../../db/schema';
import { DIRECTORY_DATABASE, databaseForNewUser, storeOn, type UserStore } from '../../db/stores';
import type { ServerDeps } from '../deps';

/**
 * A shard's own users row for a user whose data lives there (docs/decisions/015): every table
 * with a user_id references users(id) ON DELETE CASCADE, so the row satisfies those keys and its
 * delete clears the user's data. It carries no email, name or password: those live in the
 * directory only (the id stands in for the unique email).
 */
const STUB_USER = `INSERT INTO users (id, email, name, password_hash, password_salt, time_zone, created_at, updated_at)
  VALUES (?1, ?1, '', '', '', ?2, ?3, ?3) ON CONFLICT (id) DO NOTHING`;

/**
 * Chooses the database of a new user (already in the directory's users table) and prepares it:
 * the stub row on a shard, then the directory's note of where the user lives. With one database
 * nothing is written: DB holds the user's data.
 */
export async function placeNewUser(server: ServerDeps, user: UserRow): Promise<UserStore> {
  if (server.settings.USER_DATABASES.length === 1) return storeOn(server.env, DIRECTORY_DATABASE, user.id, server.timer);
  const database = databaseForNewUser(server.env, user.id);
  const store = storeOn(server.env, database, user.id, server.timer);
  if (database !== DIRECTORY_DATABASE) await store.d1.prepare(STUB_USER).bind(user.id, user.timeZone, user.createdAt).run();
  await server.directory.d1
    .prepare('INSERT INTO user_databases (user_id, database, assigned_at) VALUES (?1, ?2, ?3)')
    .bind(user.id, database, nowIso())
    .run();
  return store;
}

/** Deletes the user's data from a shard (its stub row cascades); DB's data goes with the directory row. */
export async function removeUserData(store: UserStore): Promise<void> {
  if (store.database === DIRECTORY_DATABASE) return;
  await store.d1.prepare('DELETE FROM users WHERE id = ?1').bind(store.userId).run();
}
