import { eq } from 'drizzle-orm';
import { nowIso } from '../../db/columns';
import { telegramSettings } from '../../db/schema-channels';
import type { Deps } from '../deps';

export interface TelegramSettingsView {
  /** Group participants the user never messaged become contacts tagged "2nd tier". */
  tag_second_tier: boolean;
}

export async function getTelegramSettings(deps: Deps, userId: string): Promise<TelegramSettingsView> {
  const row = await deps.db.select().from(telegramSettings).where(eq(telegramSettings.userId, userId)).get();
  return { tag_second_tier: row?.tagSecondTier ?? false };
}

export async function saveTelegramSettings(deps: Deps, userId: string, settings: TelegramSettingsView): Promise<TelegramSettingsView> {
  const now = nowIso();
  await deps.db
    .insert(telegramSettings)
    .values({ userId, tagSecondTier: settings.tag_second_tier, updatedAt: now })
    .onConflictDoUpdate({ target: telegramSettings.userId, set: { tagSecondTier: settings.tag_second_tier, updatedAt: now } });
  return settings;
}
