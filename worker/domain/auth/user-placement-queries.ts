import type { UserRow } from '../../db/schema';

/**
 * A shard's own users row for a user whose data lives there (docs/decisions/015): every table
 * with a user_id references users(id) ON DELETE CASCADE, so the row satisfies those keys and its
 * delete clears the user's data. It carries no email, name or password: those live in the
 * directory only (the id stands in for the unique email).
 */
export function insertStubUser(shard: D1Database, user: Pick<UserRow, 'id' | 'timeZone' | 'createdAt'>): D1PreparedStatement {
  return shard
    .prepare(
      `INSERT INTO users (id, email, name, password_hash, password_salt, time_zone, created_at, updated_at)
       VALUES (?1, ?1, '', '', '', ?2, ?3, ?3) ON CONFLICT (id) DO NOTHING`,
    )
    .bind(user.id, user.timeZone, user.createdAt);
}

/** The directory's note of which database holds the user's data. */
export function recordUserDatabase(directory: D1Database, userId: string, database: string, assignedAt: string): D1PreparedStatement {
  return directory
    .prepare('INSERT INTO user_databases (user_id, database, assigned_at) VALUES (?1, ?2, ?3)')
    .bind(userId, database, assignedAt);
}

/** Deletes a shard's stub users row, and with it (ON DELETE CASCADE) all the user's data there. */
export function deleteStubUser(shard: D1Database, userId: string): D1PreparedStatement {
  return shard.prepare('DELETE FROM users WHERE id = ?1').bind(userId);
}
