import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { knownDevices, users } from '../../db/schema';

export function insertKnownDevice(db: Db, device: typeof knownDevices.$inferInsert) {
  return db.insert(knownDevices).values(device);
}

/** The device `id` (a cookie's hash) with the address of the account it signed in to. */
export function knownDeviceWithEmail(db: Db, id: string) {
  return db
    .select({ id: knownDevices.id, userId: knownDevices.userId, email: users.email })
    .from(knownDevices)
    .innerJoin(users, eq(users.id, knownDevices.userId))
    .where(eq(knownDevices.id, id))
    .get();
}

export function touchKnownDevice(db: Db, id: string, userId: string, now: string) {
  return db
    .update(knownDevices)
    .set({ lastUsedAt: now })
    .where(and(eq(knownDevices.id, id), eq(knownDevices.userId, userId)))
    .returning({ id: knownDevices.id });
}

/** Forgets every device of the user; gives the ids forgotten. */
export function deleteKnownDevicesOf(db: Db, userId: string) {
  return db
    .delete(knownDevices)
    .where(eq(knownDevices.userId, userId))
    .returning({ id: sql<string>`${knownDevices.id}` });
}
