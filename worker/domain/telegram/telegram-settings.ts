import { nowIso } from '../../db/columns';
import type { Deps } from '../deps';
import { findTelegramSettings, upsertTelegramSettings } from './telegram-settings-queries';

export interface TelegramSettingsView {
  /** Group participants the user never messaged become contacts tagged "2nd tier". */
  tag_second_tier: boolean;
}

export async function getTelegramSettings(deps: Deps, userId: string): Promise<TelegramSettingsView> {
  const row = await findTelegramSettings(deps.db, userId);
  return { tag_second_tier: row?.tagSecondTier ?? false };
}

export async function saveTelegramSettings(deps: Deps, userId: string, settings: TelegramSettingsView): Promise<TelegramSettingsView> {
  const now = nowIso();
  await upsertTelegramSettings(deps.db, userId, settings.tag_second_tier, now);
  return settings;
}
