import { nowIso } from '../../db/columns';
import type { UserRow } from '../../db/schema';
import { DIRECTORY_DATABASE, databaseForNewUser, storeOn, type UserStore } from '../../db/stores';
import type { ServerDeps } from '../deps';
import { deleteStubUser, insertStubUser, recordUserDatabase } from './user-placement-queries';

/**
 * Chooses the database of a new user (already in the directory's users table) and prepares it:
 * the stub row on a shard, then the directory's note of where the user lives. With one database
 * nothing is written: DB holds the user's data.
 */
export async function placeNewUser(server: ServerDeps, user: UserRow): Promise<UserStore> {
  if (server.settings.USER_DATABASES.length === 1) return storeOn(server.env, DIRECTORY_DATABASE, user.id, server.timer);
  const database = databaseForNewUser(server.env, user.id);
  const store = storeOn(server.env, database, user.id, server.timer);
  if (database !== DIRECTORY_DATABASE) await insertStubUser(store.d1, user).run();
  await recordUserDatabase(server.directory.d1, user.id, database, nowIso()).run();
  return store;
}

/** Deletes the user's data from a shard (its stub row cascades); DB's data goes with the directory row. */
export async function removeUserData(store: UserStore): Promise<void> {
  if (store.database === DIRECTORY_DATABASE) return;
  await deleteStubUser(store.d1, store.userId).run();
}
