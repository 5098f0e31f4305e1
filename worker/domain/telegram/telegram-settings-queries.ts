import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { telegramSettings } from '../../db/schema';

// The user's Telegram settings row (none until first saved).

export async function findTelegramSettings(db: Db, userId: string) {
  return db.select().from(telegramSettings).where(eq(telegramSettings.userId, userId)).get();
}

export async function upsertTelegramSettings(db: Db, userId: string, tagSecondTier: boolean, now: string): Promise<void> {
  await db
    .insert(telegramSettings)
    .values({ userId, tagSecondTier, updatedAt: now })
    .onConflictDoUpdate({ target: telegramSettings.userId, set: { tagSecondTier, updatedAt: now } });
}
