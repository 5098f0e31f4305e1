import type { StyleSpecification } from 'mapbox-gl';

/**
 * The embedded basemap's style (docs/decisions/019): Natural Earth land, coastlines and borders,
 * country names and the gazetteer's cities, all from Kith's own /map/*.json. Text is drawn in
 * the browser's own sans-serif (the map's `localFontFamily`), so the glyphs URL below, which a
 * style with text must name, is never fetched.
 */
export type MapTheme = 'light' | 'dark';

/** Past this zoom the embedded data has nothing more to show: the map says so once. */
export const EMBEDDED_DETAIL_ENDS_AT_ZOOM = 9;
/** The zoom each city tier (scripts/basemap-data.mjs: 5 M, 1 M, 300 k, 100 k, 50 k people) is named from. */
const CITY_TIER_ZOOMS = [2.5, 3.5, 4.5, 5.5, 6.5];

const PALETTES = {
  light: {
    sea: '#dbe7f0',
    land: '#f6f4ee',
    coast: '#9fb4c4',
    border: '#b3a9c4',
    country: '#5b556a',
    city: '#334155',
    halo: '#f6f4ee',
  },
  dark: {
    sea: '#0b1724',
    land: '#1e293b',
    coast: '#3b5068',
    border: '#5b5675',
    country: '#c3bdd6',
    city: '#e2e8f0',
    halo: '#0f172a',
  },
} as const;

const FONT = ['Kith Sans'];

/** `tier`'s minimum zoom, as a style expression. */
const cityMinZoom: unknown = ['match', ['get', 'tier'], ...CITY_TIER_ZOOMS.flatMap((zoom, tier) => [tier, zoom]), 99];

export function embeddedStyle(origin: string, theme: MapTheme): StyleSpecification {
  const c = PALETTES[theme];
  const data = (name: string) => ({ type: 'geojson' as const, data: `${origin}/map/${name}.json`, attribution: 'Natural Earth' });
  return {
    version: 8,
    name: `Kith embedded (${theme})`,
    glyphs: `${origin}/map/glyphs/{fontstack}/{range}.pbf`,
    sources: {
      land: data('land'),
      borders: data('borders'),
      countries: data('country-labels'),
      cities: { ...data('city-labels'), attribution: 'GeoNames' },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': c.sea } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': c.land } },
      {
        id: 'coastline',
        type: 'line',
        source: 'land',
        paint: { 'line-color': c.coast, 'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.5, 6, 1.2] },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'borders',
        paint: { 'line-color': c.border, 'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.5, 6, 1.5], 'line-dasharray': [3, 2] },
      },
      {
        id: 'country-names',
        type: 'symbol',
        source: 'countries',
        minzoom: 1.5,
        maxzoom: 7,
        // Large countries from zoom 1.5; a small one once it is big enough on screen to hold its name.
        filter: ['>=', ['zoom'], ['interpolate', ['linear'], ['get', 'area'], 0, 5, 20, 4, 100, 3, 1000, 1.5]] as never,
        layout: {
          'text-field': ['get', 'name'],
          'text-font': FONT,
          'text-size': ['interpolate', ['linear'], ['zoom'], 2, 11, 6, 15],
          'text-transform': 'uppercase',
          'text-letter-spacing': 0.08,
          'text-max-width': 8,
          'symbol-sort-key': ['-', ['get', 'area']],
        },
        paint: { 'text-color': c.country, 'text-halo-color': c.halo, 'text-halo-width': 1.2 },
      },
      {
        id: 'city-dots',
        type: 'circle',
        source: 'cities',
        filter: ['>=', ['zoom'], cityMinZoom] as never,
        paint: { 'circle-radius': 2.5, 'circle-color': c.city, 'circle-opacity': 0.7 },
      },
      {
        id: 'city-names',
        type: 'symbol',
        source: 'cities',
        filter: ['>=', ['zoom'], cityMinZoom] as never,
        layout: {
          'text-field': ['get', 'name'],
          'text-font': FONT,
          'text-size': ['interpolate', ['linear'], ['zoom'], 3, 11, 8, 14],
          'text-anchor': 'top',
          'text-offset': [0, 0.4],
          'text-max-width': 8,
          'symbol-sort-key': ['get', 'tier'],
        },
        paint: { 'text-color': c.city, 'text-halo-color': c.halo, 'text-halo-width': 1.2 },
      },
    ],
  };
}

/** The CSS font family the map draws its text in, for `localFontFamily`. */
export const EMBEDDED_FONT_FAMILY = 'ui-sans-serif, system-ui, sans-serif';
