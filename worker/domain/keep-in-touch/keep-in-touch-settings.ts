import { z } from 'zod';
import type { Db } from '../../db/client';
import type { Settings } from '../../env';
import { nowIso, randomSecret, sha256Hex } from '../../db/columns';
import { recordSecurityEvent } from '../audit/security-events';
import { assertSeesEveryContact } from '../auth/contact-limit';
import { SESSION_CALLER, type Caller } from '../auth/scopes';
import type { Deps } from '../deps';
import { appUrl } from '../settings/app-origin';
import { cadenceDefaultsInputSchema, getCadenceDefaults, setCadenceDefaults, type CadenceDefaults } from './cadence-defaults';
import {
  clearCalendarToken,
  findKeepInTouchSettings,
  saveCalendarTokenHash,
  saveWeeklyDigest,
  userOfCalendarTokenHash,
} from './keep-in-touch-settings-queries';

export const keepInTouchSettingsInputSchema = z
  .object({ cadence_defaults: cadenceDefaultsInputSchema, weekly_digest: z.boolean() })
  .partial()
  .strict();

export interface KeepInTouchSettingsView {
  cadence_defaults: CadenceDefaults;
  weekly_digest: boolean;
  calendar_feed: { active: boolean; created_at: string | null };
}

export async function getKeepInTouchSettings(db: Db, userId: string): Promise<KeepInTouchSettingsView> {
  const [defaults, row] = await Promise.all([getCadenceDefaults(db, userId), findKeepInTouchSettings(db, userId)]);
  return {
    cadence_defaults: defaults,
    weekly_digest: Boolean(row?.weeklyDigest),
    calendar_feed: { active: Boolean(row?.calendarTokenHash), created_at: row?.calendarTokenHash ? row.calendarTokenCreatedAt : null },
  };
}

export async function updateKeepInTouchSettings(
  db: Db,
  userId: string,
  input: z.infer<typeof keepInTouchSettingsInputSchema>,
): Promise<KeepInTouchSettingsView> {
  if (input.cadence_defaults) await setCadenceDefaults(db, userId, input.cadence_defaults);
  if (input.weekly_digest !== undefined) {
    await saveWeeklyDigest(db, userId, input.weekly_digest);
  }
  return getKeepInTouchSettings(db, userId);
}

const FEED_PREFIX = 'kithcal_';

/** A new secret calendar feed token (replacing any old one, which stops working). Shown once; stored hashed. */
export async function createCalendarToken(db: Db, userId: string, createdByToken: string | null = null): Promise<string> {
  const token = `${FEED_PREFIX}${randomSecret(24)}`;
  const hash = await sha256Hex(token);
  const now = nowIso();
  await saveCalendarTokenHash(db, userId, hash, now, createdByToken);
  return token;
}

/** Turns the feed off: its URL stops working, and the activity log says so. */
export async function revokeCalendarFeed(deps: Pick<Deps, 'store' | 'jobs'>): Promise<void> {
  await clearCalendarToken(deps.store.db, deps.store.userId);
  await recordSecurityEvent(deps, 'calendar_feed.revoked');
}

/** The user a feed token belongs to, or null (unknown, revoked or malformed). */
export async function userOfCalendarToken(db: Db, token: string): Promise<string | null> {
  if (!token.startsWith(FEED_PREFIX) || token.length > 100) return null;
  const row = await userOfCalendarTokenHash(db, await sha256Hex(token));
  return row?.userId ?? null;
}

/**
 * A new feed secret (the old one stops working) and its address. The address is under APP_URL
 * only: one built from the request's Host header could point anywhere. Without APP_URL a
 * plain-language not_configured, and the current feed is left as it was. A feed an access
 * token asks for is that token's own: revoking the token ends it (tokens.ts). A token limited to
 * some contacts is refused (ADR 074): the feed is every contact's agenda and dates, to whoever
 * holds the address, and a new one would end the owner's.
 */
export async function createCalendarFeed(
  deps: Pick<Deps, 'store' | 'jobs'> & { settings: Pick<Settings, 'APP_URL'> },
  caller: Pick<Caller, 'tokenId'> = SESSION_CALLER,
): Promise<{ token: string; url: string }> {
  assertSeesEveryContact(deps.store.db, "make the calendar feed: it carries every contact's reminders and dates");
  const feeds = appUrl(deps.settings, '/api/v1/calendar/', 'The calendar feed');
  const token = await createCalendarToken(deps.store.db, deps.store.userId, caller.tokenId);
  await recordSecurityEvent(deps, 'calendar_feed.created');
  return { token, url: `${feeds}${token}.ics` };
}
