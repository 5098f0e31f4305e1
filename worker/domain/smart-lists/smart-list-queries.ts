import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { smartLists } from '../../db/schema';

// The user's saved smart lists, one row each, named uniquely by name_norm.

export type SmartListRow = typeof smartLists.$inferSelect;

/** The id of the user's smart list named `nameNorm`, other than `exceptId`, if there is one. */
export async function smartListNamed(db: Db, userId: string, nameNorm: string, exceptId?: string): Promise<{ id: string } | undefined> {
  return db
    .select({ id: smartLists.id })
    .from(smartLists)
    .where(and(eq(smartLists.userId, userId), eq(smartLists.nameNorm, nameNorm), ...(exceptId ? [ne(smartLists.id, exceptId)] : [])))
    .get();
}

/** The user's smart lists by name. */
export async function smartListsByName(db: Db, userId: string): Promise<SmartListRow[]> {
  return db.select().from(smartLists).where(eq(smartLists.userId, userId)).orderBy(asc(smartLists.nameNorm), asc(smartLists.id));
}

export async function countSmartLists(db: Db, userId: string): Promise<number> {
  return db.$count(smartLists, eq(smartLists.userId, userId));
}

export async function insertSmartList(db: Db, row: SmartListRow): Promise<void> {
  await db.insert(smartLists).values(row);
}

export async function findSmartList(db: Db, userId: string, id: string): Promise<SmartListRow | undefined> {
  return db
    .select()
    .from(smartLists)
    .where(and(eq(smartLists.userId, userId), eq(smartLists.id, id)))
    .get();
}

/** Writes the smart list's row as `next`. */
export async function saveSmartList(db: Db, userId: string, id: string, next: SmartListRow): Promise<void> {
  await db
    .update(smartLists)
    .set(next)
    .where(and(eq(smartLists.userId, userId), eq(smartLists.id, id)));
}

/** Deletes the user's smart list; false when there was none. */
export async function deleteSmartListRow(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(smartLists)
    .where(and(eq(smartLists.userId, userId), eq(smartLists.id, id)))
    .returning({ id: smartLists.id });
  return rows.length > 0;
}
