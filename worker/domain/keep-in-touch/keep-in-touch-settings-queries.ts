import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { keepInTouchSettings } from '../../db/schema';

// The user's keep-in-touch settings row: the weekly digest (on or off, its unsubscribe key,
// the day it was last sent) and the calendar feed's token hash.

/** The user's settings row, every column (undefined until something was set). */
export async function findKeepInTouchSettings(db: Db, userId: string) {
  return db.select().from(keepInTouchSettings).where(eq(keepInTouchSettings.userId, userId)).get();
}

export async function saveWeeklyDigest(db: Db, userId: string, weeklyDigest: boolean) {
  await db
    .insert(keepInTouchSettings)
    .values({ userId, weeklyDigest })
    .onConflictDoUpdate({ target: keepInTouchSettings.userId, set: { weeklyDigest } });
}

/** Stores the feed token's hash (created at `now`, by the access token `createdBy` or a session), replacing any earlier one. */
export async function saveCalendarTokenHash(db: Db, userId: string, hash: string, now: string, createdBy: string | null) {
  const feed = { calendarTokenHash: hash, calendarTokenCreatedAt: now, calendarTokenCreatedBy: createdBy };
  await db
    .insert(keepInTouchSettings)
    .values({ userId, ...feed })
    .onConflictDoUpdate({ target: keepInTouchSettings.userId, set: feed });
}

const NO_FEED = { calendarTokenHash: null, calendarTokenCreatedAt: null, calendarTokenCreatedBy: null };

export async function clearCalendarToken(db: Db, userId: string) {
  await db.update(keepInTouchSettings).set(NO_FEED).where(eq(keepInTouchSettings.userId, userId));
}

/** Ends the feed if the access token `tokenId` made it (`'any'`: if any token did). */
export async function clearCalendarTokenMadeBy(db: Db, userId: string, tokenId: string | 'any') {
  const madeBy =
    tokenId === 'any' ? isNotNull(keepInTouchSettings.calendarTokenCreatedBy) : eq(keepInTouchSettings.calendarTokenCreatedBy, tokenId);
  await db
    .update(keepInTouchSettings)
    .set(NO_FEED)
    .where(and(eq(keepInTouchSettings.userId, userId), madeBy));
}

/** Ends the feed's secret URL if there is one; gives the row changed (none: there was no feed). */
export function endCalendarFeed(db: Db, userId: string) {
  return db
    .update(keepInTouchSettings)
    .set({ calendarTokenHash: null, calendarTokenCreatedAt: null })
    .where(and(eq(keepInTouchSettings.userId, userId), isNotNull(keepInTouchSettings.calendarTokenHash)))
    .returning({ userId: keepInTouchSettings.userId });
}

/** The user whose feed token has this hash. */
export async function userOfCalendarTokenHash(db: Db, hash: string) {
  return db
    .select({ userId: keepInTouchSettings.userId })
    .from(keepInTouchSettings)
    .where(eq(keepInTouchSettings.calendarTokenHash, hash))
    .get();
}

/** The key the user's unsubscribe links are signed with. */
export async function digestKeyOf(db: Db, userId: string) {
  return db.select({ key: keepInTouchSettings.digestKey }).from(keepInTouchSettings).where(eq(keepInTouchSettings.userId, userId)).get();
}

export async function saveDigestKey(db: Db, userId: string, key: string) {
  await db
    .insert(keepInTouchSettings)
    .values({ userId, digestKey: key })
    .onConflictDoUpdate({ target: keepInTouchSettings.userId, set: { digestKey: key } });
}

export async function turnOffWeeklyDigest(db: Db, userId: string) {
  await db.update(keepInTouchSettings).set({ weeklyDigest: false }).where(eq(keepInTouchSettings.userId, userId));
}

/** The local date the user's digest was last sent. */
export async function markDigestSent(db: Db, userId: string, today: string) {
  await db.update(keepInTouchSettings).set({ digestSentOn: today }).where(eq(keepInTouchSettings.userId, userId));
}

/** The next `limit` users after `after` (by id) who turned the digest on. */
export async function digestSubscribersAfter(db: Db, after: string, limit: number) {
  return db
    .select({ id: keepInTouchSettings.userId })
    .from(keepInTouchSettings)
    .where(and(eq(keepInTouchSettings.weeklyDigest, true), gt(keepInTouchSettings.userId, after)))
    .orderBy(asc(keepInTouchSettings.userId))
    .limit(limit);
}
