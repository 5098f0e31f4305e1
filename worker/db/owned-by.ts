import { eq, sql, type AnyColumn } from 'drizzle-orm';

/**
 * `user_id = ?` as a check on rows found by a better key, never as the way to find them.
 * SQLite has no statistics here and rates the user_id prefix of a primary key as selective,
 * while one user may own every row: asked for one contact's identifiers by
 * `user_id = ? AND contact_id = ?`, it walked all 100 000 of the user's (17 ms) instead of
 * the contact's two. The unary `+` keeps it on the other key.
 */
export const ownedBy = (column: AnyColumn, userId: string) => eq(sql`+${column}`, userId);
