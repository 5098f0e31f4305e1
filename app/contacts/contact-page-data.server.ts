import type { PublicUser } from '../../worker/domain/auth/users';
import { connectionsOfUser } from '../../worker/domain/channels/channel-connection-queries';
import { connectionViewsOf } from '../../worker/domain/channels/connections';
import type { Deps } from '../../worker/domain/deps';
import { agenda } from '../../worker/domain/keep-in-touch/agenda';
import { cadenceDefaultRows } from '../../worker/domain/keep-in-touch/cadence-queries';
import { cadenceDefaultsOf, describeCadence } from '../../worker/domain/keep-in-touch/cadence-defaults';
import { getContactView } from '../../worker/domain/contacts/contact-view';
import { timeZoneAt } from '../../worker/domain/contacts/local-time-zone';
import { datesOfContact } from '../../worker/domain/dates/contact-date-queries';
import { dateViewOf } from '../../worker/domain/dates/important-dates';
import { findDuplicates } from '../../worker/domain/duplicates/find-duplicates';
import { groupsWithMember } from '../../worker/domain/groups/common-groups-queries';
import { commonGroupsOf } from '../../worker/domain/groups/common-groups';
import { findContactScore } from '../../worker/domain/scoring/score-queries';
import { scorePartsOf } from '../../worker/domain/scoring/relationship-score';
import { requestContactSync } from '../../worker/domain/sync/request-contact-sync';
import { AppError } from '../../worker/domain/errors';
import { readTimeline } from '../../worker/domain/timeline/list-timeline';
import { timedPart } from '../../worker/db/timed-d1';
import { sendAvailabilityOf } from './send-availability.server';

export const TIMELINE_PAGE = 30;

/**
 * Everything the contact page shows, read in parallel with the contact itself: every read is
 * scoped to the user, so for an id that is not theirs the others find nothing, and the contact's
 * own read answers not found for the page. The small reads of the side cards (score, cadences,
 * groups, dates, the channels the composer can send by) go to D1 as one batch: one round trip
 * instead of five, each of which queued behind the others in D1.
 */
export async function loadContactPage(deps: Deps, user: PublicUser, contactId: string) {
  const { db, settings } = deps;
  const userId = user.id;
  const part = <T>(name: string, run: () => Promise<T>) => timedPart(deps.timer, name, run);
  const [contact, timeline, due, duplicates, [score, cadences, groups, dates, connections]] = await Promise.all([
    part('contact', () => getContactView(db, userId, contactId, settings.BCC_DOMAIN)),
    part('timeline', () => readTimeline(db, userId, contactId, { limit: TIMELINE_PAGE })),
    // Everything open for this contact, however far ahead.
    part('agenda', () => agenda(db, user, { contactId, until: '9999-12-30', pageSize: 20 })),
    part('duplicates', () => findDuplicates(db, userId, contactId)),
    part('cards', () =>
      db.batch([
        findContactScore(db, userId, contactId),
        cadenceDefaultRows(db, userId),
        groupsWithMember(db, userId, contactId),
        datesOfContact(db, userId, contactId),
        connectionsOfUser(db, userId),
      ]),
    ),
  ]);
  const defaults = cadenceDefaultsOf(cadences);
  const priorityDefault = contact.priority === 'archived' ? null : defaults[contact.priority];
  return {
    contact,
    timeline,
    scoreParts: scorePartsOf(score),
    keepInTouch: { items: due.items, today: due.today, defaultCadence: priorityDefault ? describeCadence(priorityDefault) : null },
    duplicates,
    groups: commonGroupsOf(groups),
    dates: dates.map(dateViewOf),
    timeZone: timeZoneAt(contact.latitude, contact.longitude),
    sending: sendAvailabilityOf(connectionViewsOf(connections)),
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
