import type { ContactRow } from '../../db/schema';
import { userById } from '../auth/user-queries';
import type { Deps } from '../deps';
import { localDate } from './calendar-dates';

/** The user's local today: a cadence set now is due from it (issue #43), not from an old interaction. */
export async function cadenceStartDate(deps: Deps, userId: string, now: Date = new Date()): Promise<string> {
  const user = await userById(deps.directory.db, userId);
  return localDate(now, user?.timeZone ?? 'UTC');
}

/**
 * Anchors a cadence the columns set at `today`: the due date is computed from the later of the
 * anchor and the last interaction, so without it a contact last seen months ago would start
 * "overdue" the moment a cadence is chosen. Clearing a cadence clears the anchor.
 */
export function anchorNewCadence(cols: Partial<ContactRow>, today: string): void {
  if (cols.cadenceEvery === undefined) return;
  cols.cadenceAnchor = cols.cadenceEvery && cols.cadenceEvery > 0 ? today : null;
}

export const setsCadence = (cols: Partial<ContactRow>) => cols.cadenceEvery !== undefined;
