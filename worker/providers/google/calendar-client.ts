import { googleJson, type GoogleApi } from './google-api-error';

// Google Calendar API v3 events.list on the primary calendar, in Google's field names.

export interface CalendarAttendee {
  email?: string;
  displayName?: string;
  self?: boolean;
  resource?: boolean;
  responseStatus?: 'needsAction' | 'declined' | 'tentative' | 'accepted';
}

export interface CalendarEvent {
  id: string;
  status?: 'confirmed' | 'tentative' | 'cancelled';
  summary?: string;
  description?: string;
  start?: { date?: string; dateTime?: string; timeZone?: string };
  attendees?: CalendarAttendee[];
}

export interface CalendarEventList {
  items?: CalendarEvent[];
  nextPageToken?: string;
}

/** One page of events that start between timeMin and timeMax, recurring ones expanded. */
export const listCalendarEvents = (api: GoogleApi, q: { timeMin: string; timeMax: string; pageToken?: string }) =>
  googleJson<CalendarEventList>(api, 'Google Calendar', '/calendar/v3/calendars/primary/events', {
    query: {
      timeMin: q.timeMin,
      timeMax: q.timeMax,
      singleEvents: 'true',
      orderBy: 'startTime',
      maxResults: '250',
      pageToken: q.pageToken,
    },
  });
