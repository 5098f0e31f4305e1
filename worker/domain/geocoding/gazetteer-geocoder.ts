import type { Db } from '../../db/client';
import type { GazetteerRow } from '../../db/schema';
import { gazetteerAreasOf, gazetteerRowsNamed } from './gazetteer-queries';
import type { GeocodeOutcome, Geocoder } from './geocoder';
import { foldPlaceName } from './place-name';

// Free text that is plainly no place (SPEC §1: a URL, an emoji, an unparseable entry).
const NOT_A_PLACE = /:\/\/|www\.|@|\.(com|net|org|io|co|me|dev|app|xyz)\b/i;
const PREFIXES = /^(greater|metro|city of|the)\s+/;
const SUFFIXES = /\s+(bay area|metropolitan area|metropolitan region|metro area|area|metro|region|city)$/;
// A single name this large is the city people mean even where a state shares it ("New York").
const BIG_CITY = 500_000;

/** The name as written, then without "Greater …" / "… Area" style wrappers. */
function nameVariants(name: string): string[] {
  const variants = [name];
  let current = name;
  for (let i = 0; i < 3; i++) {
    const next = current.replace(PREFIXES, '').replace(SUFFIXES, '');
    if (next === current || !next) break;
    variants.push(next);
    current = next;
  }
  return variants;
}

const inPlace = (row: GazetteerRow, place: GazetteerRow) =>
  row.country === place.country && (place.kind === 'country' || row.region === place.region);

/** Picks the place a location string names, or null. Pure, so it is easy to reason about. */
export function pickPlace(parts: string[], rows: GazetteerRow[]): GazetteerRow | null {
  const [head, ...qualifierNames] = parts;
  if (!head) return null;
  // Rows arrive largest first; an unknown qualifier ("Île-de-France") constrains nothing.
  const qualifiers = qualifierNames
    .map((q) => rows.filter((r) => r.nameNorm === q && r.kind !== 'city'))
    .filter((places) => places.length > 0);
  const fits = (row: GazetteerRow) => qualifiers.every((places) => places.some((p) => inPlace(row, p)));

  for (const variant of nameVariants(head)) {
    const named = rows.filter((r) => r.nameNorm === variant && fits(r));
    if (named.length === 0) continue;
    const city = named.find((r) => r.kind === 'city');
    const country = named.find((r) => r.kind === 'country');
    const region = named.find((r) => r.kind === 'region');
    if (qualifiers.length > 0) return city ?? region ?? country ?? null;
    if (country) return country;
    if (city && city.population >= BIG_CITY) return city;
    return region ?? city ?? null;
  }
  // "Somewhere unknown, Germany": the qualifier alone still places the contact.
  return qualifiers[0]?.[0] ?? null;
}

/** Splits "San Francisco, CA" into folded parts; null when the text is no place name. */
export function placeParts(location: string): string[] | null {
  if (NOT_A_PLACE.test(location)) return null;
  const parts = location
    .split(/[,;|/·•\n]+|\s[-–—]\s/)
    .map(foldPlaceName)
    .filter((p) => p.length > 0);
  if (parts.length === 0 || parts.length > 6) return null;
  return parts;
}

/** A row of the areas (regions and countries) of a place's country, for its searchable name. */
type Area = Pick<GazetteerRow, 'nameNorm' | 'kind' | 'region' | 'country'>;

/**
 * The place with the names of its region and country ("shibuya, japan, jp"), so a search for
 * the country or the region finds a contact whose location names only the city. Every name
 * the gazetteer knows them by is listed: it is searched, not shown.
 */
function namePlace(place: GazetteerRow, areas: Area[]): string {
  const mine = areas.filter((a) => a.country === place.country);
  const region = place.kind === 'city' && place.region ? mine.filter((a) => a.kind === 'region' && a.region === place.region) : [];
  const country = place.kind === 'country' ? [] : mine.filter((a) => a.kind === 'country');
  return [...new Set([place.nameNorm, ...region.map((a) => a.nameNorm), ...country.map((a) => a.nameNorm)])].join(', ');
}

/** The names a location's rows are looked up by: its first part as written and unwrapped, then its qualifiers. */
const lookupNames = (parts: string[]) => [...new Set([...nameVariants(parts[0]!), ...parts.slice(1)])];

/**
 * Offline geocoding from the GeoNames gazetteer in D1, used when no Mapbox secret is set. Any
 * number of locations costs two queries (their names' rows, then the areas of the countries
 * found), so an import's geocoding job makes the same few queries for 5 places or 500.
 */
export function createGazetteerGeocoder(db: Db): Geocoder {
  const geocodeMany = async (locations: string[]): Promise<GeocodeOutcome[]> => {
    const parsed = locations.map(placeParts);
    const names = [...new Set(parsed.flatMap((parts) => (parts ? lookupNames(parts) : [])))];
    const rows = names.length ? await gazetteerRowsNamed(db, names) : [];
    const byName = new Map<string, GazetteerRow[]>();
    for (const row of rows) byName.set(row.nameNorm, [...(byName.get(row.nameNorm) ?? []), row]);
    const places = parsed.map((parts) => {
      if (!parts) return null;
      // pickPlace wants the rows largest first; a name has at most a handful of rows.
      const candidates = lookupNames(parts)
        .flatMap((n) => byName.get(n) ?? [])
        .sort((a, b) => b.population - a.population);
      return pickPlace(parts, candidates);
    });
    const countries = [...new Set(places.flatMap((p) => (p ? [p.country] : [])))];
    const areas: Area[] = countries.length ? await gazetteerAreasOf(db, countries) : [];
    return places.map((place) =>
      place
        ? { kind: 'found', latitude: place.latitude, longitude: place.longitude, placeName: namePlace(place, areas) }
        : { kind: 'no_result' },
    );
  };
  return {
    source: 'gazetteer',
    geocodeMany,
    geocode: async (location) => (await geocodeMany([location]))[0]!,
  };
}
