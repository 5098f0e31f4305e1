import type { Db } from '../../db/client';
import { assertSeesEveryContact } from '../auth/contact-limit';
import type { SyncedDriver } from '../channels/drivers';
import type { Deps } from '../deps';

/**
 * Refuses a sync to a token limited to some contacts (ADR 083): it runs the owner's connected
 * accounts (Google contacts, Gmail and Calendar, X, Telegram) as the schedule does, matching and
 * writing to every contact, people kept from the token too. The owner's session and unlimited
 * tokens start them as before; the schedule runs them either way.
 */
export function assertMayStartSync(db: Db, what = 'start a sync'): void {
  assertSeesEveryContact(db, `${what}: it runs the owner's connected accounts over every contact, people kept from this token too`);
}

/** "Sync now" for a channel Kith syncs itself (POST /integrations/{channel}/sync). */
export async function requestChannelSync(deps: Deps, userId: string, driver: SyncedDriver): Promise<void> {
  assertMayStartSync(deps.db, `sync ${driver.label}`);
  await driver.sync.request(deps, userId);
}
