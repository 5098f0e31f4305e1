import type { GoogleApi } from '../../providers/google/google-api-error';
import { listCalendarEvents, type CalendarEvent } from '../../providers/google/calendar-client';
import type { Deps } from '../deps';
import type { NewInteraction } from '../timeline/record-interactions';
import { normalizeEmail } from '../contacts/normalize';
import { contactsByEmail } from './contacts-by-email';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The first calendar sync looks this far back. */
export const FIRST_CALENDAR_DAYS = 90;
const MAX_PAGES = 10;

export const calendarExternalId = (contactId: string, eventId: string) => `${contactId}:${eventId}`;

const attendeesOf = (event: CalendarEvent) =>
  (event.attendees ?? [])
    .filter((a) => a.email && !a.self && !a.resource && a.responseStatus !== 'declined')
    .map((a) => normalizeEmail(a.email!));

/**
 * Meetings that took place since the last run (with a day of overlap for late edits), one per
 * attendee who is a contact. Only past events: a meeting counts once it happened, so the
 * window always ends now and the next run starts where this one ended.
 */
export async function readNewMeetings(
  deps: Deps,
  userId: string,
  api: GoogleApi,
  syncedUntil: string | undefined,
  now = new Date(),
): Promise<{ rows: NewInteraction[]; syncedUntil: string }> {
  const from = syncedUntil ? new Date(new Date(syncedUntil).getTime() - DAY_MS) : new Date(now.getTime() - FIRST_CALENDAR_DAYS * DAY_MS);
  const events: CalendarEvent[] = [];
  let pageToken: string | undefined;
  let pages = 0;
  do {
    const page = await listCalendarEvents(api, { timeMin: from.toISOString(), timeMax: now.toISOString(), pageToken });
    events.push(...(page.items ?? []).filter((e) => e.status !== 'cancelled'));
    pageToken = page.nextPageToken;
  } while (pageToken && ++pages < MAX_PAGES);

  const owners = await contactsByEmail(deps, userId, events.flatMap(attendeesOf));
  const rows: NewInteraction[] = [];
  for (const event of events) {
    const start = event.start?.dateTime ?? event.start?.date;
    if (!start || new Date(start).getTime() > now.getTime()) continue;
    const contactIds = new Set(
      attendeesOf(event)
        .map((a) => owners.get(a))
        .filter((id): id is string => Boolean(id)),
    );
    for (const contactId of contactIds) {
      rows.push({
        contact_id: contactId,
        kind: 'meeting',
        channel: 'calendar',
        subject: (event.summary ?? 'Meeting').slice(0, 1000),
        body: event.description?.slice(0, 20_000) ?? null,
        source: 'google_calendar',
        external_id: calendarExternalId(contactId, event.id),
        occurred_at: new Date(start),
      });
    }
  }
  return { rows, syncedUntil: now.toISOString() };
}
