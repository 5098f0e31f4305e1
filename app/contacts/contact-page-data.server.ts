import type { PublicUser } from '../../worker/domain/auth/users';
import type { Deps } from '../../worker/domain/deps';
import { agenda } from '../../worker/domain/keep-in-touch/agenda';
import { describeCadence, getCadenceDefaults } from '../../worker/domain/keep-in-touch/cadence-defaults';
import { getContactView } from '../../worker/domain/contacts/contact-view';
import { timeZoneAt } from '../../worker/domain/contacts/local-time-zone';
import { readContactDates } from '../../worker/domain/dates/important-dates';
import { findDuplicates } from '../../worker/domain/duplicates/find-duplicates';
import { listCommonGroups } from '../../worker/domain/groups/common-groups';
import { getScoreParts } from '../../worker/domain/scoring/relationship-score';
import { requestContactSync } from '../../worker/domain/sync/request-contact-sync';
import { AppError } from '../../worker/domain/errors';
import { readTimeline } from '../../worker/domain/timeline/list-timeline';
import { timedPart } from '../../worker/db/timed-d1';

export const TIMELINE_PAGE = 30;

/**
 * Everything the contact page shows, read in parallel with the contact itself: every read is
 * scoped to the user, so for an id that is not theirs the others find nothing, and the contact's
 * own read answers not found for the page. One round trip fewer on the page's longest path.
 */
export async function loadContactPage(deps: Deps, user: PublicUser, contactId: string) {
  const { db, settings } = deps;
  const userId = user.id;
  const part = <T>(name: string, run: () => Promise<T>) => timedPart(deps.timer, name, run);
  const [contact, timeline, scoreParts, due, defaults, duplicates, groups, dates] = await Promise.all([
    part('contact', () => getContactView(db, userId, contactId, settings.BCC_DOMAIN)),
    part('timeline', () => readTimeline(db, userId, contactId, { limit: TIMELINE_PAGE })),
    part('score', () => getScoreParts(db, userId, contactId)),
    // Everything open for this contact, however far ahead.
    part('agenda', () => agenda(db, user, { contactId, until: '9999-12-30', pageSize: 20 })),
    part('cadences', () => getCadenceDefaults(db, userId)),
    part('duplicates', () => findDuplicates(db, userId, contactId)),
    part('groups', () => listCommonGroups(db, userId, contactId)),
    part('dates', () => readContactDates(db, userId, contactId)),
  ]);
  const priorityDefault = contact.priority === 'archived' ? null : defaults[contact.priority];
  return {
    contact,
    timeline,
    scoreParts,
    keepInTouch: { items: due.items, today: due.today, defaultCadence: priorityDefault ? describeCadence(priorityDefault) : null },
    duplicates,
    groups,
    dates,
    timeZone: timeZoneAt(contact.latitude, contact.longitude),
  };
}

/** SPEC §1 "Auto-sync": visiting the page asks for a DM sync (throttled hourly); never fails the page. */
export async function syncOnVisit(deps: Deps, userId: string, contactId: string): Promise<void> {
  try {
    await requestContactSync(deps, userId, contactId);
  } catch (error) {
    // A contact that is not the user's (or no longer exists): the page itself answers 404.
    if (error instanceof AppError && error.code === 'not_found') return;
    console.warn('Contact sync on visit was not requested', error instanceof Error ? error.message : String(error));
  }
}
