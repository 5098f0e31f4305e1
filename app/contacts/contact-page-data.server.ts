import type { PublicUser } from '../../worker/domain/auth/users';
import type { Deps } from '../../worker/domain/deps';
import { agenda } from '../../worker/domain/keep-in-touch/agenda';
import { describeCadence } from '../../worker/domain/keep-in-touch/cadence-defaults';
import { readContactPageBatch } from '../../worker/domain/contacts/contact-page-reads';
import { timeZoneAt } from '../../worker/domain/contacts/local-time-zone';
import { duplicatesOf } from '../../worker/domain/duplicates/find-duplicates';
import { requestSyncOfShownContact } from '../../worker/domain/sync/request-contact-sync';
import { yearlyDatesOf } from '../../worker/domain/life-events/yearly-dates';
import { timedPart } from '../../worker/db/timed-d1';
import { sendAvailabilityOf } from './send-availability.server';

export const TIMELINE_PAGE = 30;

/**
 * Everything the contact page shows. The contact, its timeline and the side cards are one D1
 * batch; the agenda runs beside it, and the duplicates' lookups follow it, from the contact's
 * row and identifiers it read (they were read a second time before, a D1 call each). Every read is
 * scoped to the user, so for an id that is not theirs the others find nothing, and the
 * contact's absence answers not found for the page.
 */
export async function loadContactPage(deps: Deps, user: PublicUser, contactId: string) {
  const { db, settings } = deps;
  const userId = user.id;
  const part = <T>(name: string, run: () => Promise<T>) => timedPart(deps.timer, name, run);
  const read = part('contact', () =>
    readContactPageBatch(db, userId, contactId, { timelineLimit: TIMELINE_PAGE, bccDomain: settings.BCC_DOMAIN }),
  );
  const [{ contact, fieldSources, timeline, cards, syncRequestedAt }, due, duplicates] = await Promise.all([
    read,
    // Everything open for this contact, however far ahead.
    part('agenda', () => agenda(db, user, { contactId, until: '9999-12-30', pageSize: 20 })),
    // From the contact's row and identifiers as the batch read them, not read again.
    read.then(({ row, identifiers }) => part('duplicates', () => duplicatesOf(db, userId, row, identifiers))),
  ]);
  const priorityDefault = contact.priority === 'archived' ? null : cards.cadenceDefaults[contact.priority];
  return {
    contact,
    fieldSources,
    timeline,
    scoreParts: cards.scoreParts,
    keepInTouch: { items: due.items, today: due.today, defaultCadence: priorityDefault ? describeCadence(priorityDefault) : null },
    duplicates,
    groups: cards.groups,
    dates: cards.dates,
    merges: cards.merges,
    people: cards.people,
    life: cards.life,
    // Anniversaries stay contact dates; the Life section reads them (ADR 049), a wedding event on the day with them (ADR 058).
    lifeDates: yearlyDatesOf(cards.dates, user.time_zone, cards.life),
    timeZone: timeZoneAt(contact.latitude, contact.longitude),
    sending: sendAvailabilityOf(cards.connections),
    /** For syncOnVisit, not for the browser. */
    syncRequestedAt,
  };
}

/**
 * SPEC §1 "Auto-sync": visiting the page asks for a DM sync (throttled hourly); never fails the
 * page. The page read when one was last asked for, so a visit within the hour asks D1 nothing.
 */
export async function syncOnVisit(deps: Deps, userId: string, contactId: string, lastRequestedAt: string | null): Promise<void> {
  try {
    await requestSyncOfShownContact(deps, userId, contactId, lastRequestedAt);
  } catch (error) {
    // The contact deleted since the page read it, or D1 busy: the next visit asks again.
    console.warn('Contact sync on visit was not requested', error instanceof Error ? error.message : String(error));
  }
}
