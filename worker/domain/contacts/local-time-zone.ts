import tzlookup from '@photostructure/tz-lookup';

/**
 * The IANA time zone at a contact's geocoded coordinates, from the offline tz-lookup table
 * (@photostructure/tz-lookup, ~73 kB, derived from the timezone-boundary-builder polygons).
 * Near a border it can name the neighbouring zone; at sea it answers an Etc/GMT±N zone.
 * Null without coordinates, or when the runtime does not know the zone it names.
 */
export function timeZoneAt(latitude: number | null, longitude: number | null): string | null {
  if (latitude === null || longitude === null) return null;
  try {
    const zone = tzlookup(latitude, longitude);
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}
