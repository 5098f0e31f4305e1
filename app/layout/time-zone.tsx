import { createContext, useContext } from 'react';

/**
 * The signed-in user's time zone (Settings → Time zone, detected at signup). Every date Kith
 * shows is formatted in it, on the server and in the browser alike, so the two renders agree.
 */
const TimeZoneContext = createContext('UTC');

export const TimeZoneProvider = TimeZoneContext.Provider;

export const useTimeZone = () => useContext(TimeZoneContext);

// Building a formatter costs far more than formatting with one (a timeline of 30 entries spent
// most of its server render here), so each is built once per zone and kept.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: 'date' | 'dateTime', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let made = formatters.get(key);
  if (!made) {
    const time = kind === 'dateTime' ? ({ hour: '2-digit', minute: '2-digit' } as const) : {};
    made = new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short', year: 'numeric', ...time });
    formatters.set(key, made);
  }
  return made;
}

/** "23 Nov 2026, 14:15" in `timeZone`. */
export function formatDateTime(iso: string, timeZone: string): string {
  return formatter('dateTime', timeZone).format(new Date(iso));
}

/** "23 Nov 2026" in `timeZone`. */
export function formatDate(iso: string, timeZone: string): string {
  return formatter('date', timeZone).format(new Date(iso));
}

/** Both formatters bound to the user's zone, for components. */
export function useDateFormat() {
  const timeZone = useTimeZone();
  return { dateTime: (iso: string) => formatDateTime(iso, timeZone), date: (iso: string) => formatDate(iso, timeZone) };
}
