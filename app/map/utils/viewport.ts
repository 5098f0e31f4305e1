/** What the map shows: the box the API understands, and the zoom. */
export interface Viewport {
  bbox: [number, number, number, number];
  zoom: number;
}

const wrapLongitude = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;

/**
 * Turns the map's bounds into an API box. mapbox-gl reports longitudes past ±180 when the
 * world repeats; a view wider than the world is the whole world, otherwise both edges are
 * wrapped, and a west edge east of the east edge means the box crosses the antimeridian.
 */
export function viewportOf(bounds: { west: number; south: number; east: number; north: number }, zoom: number): Viewport {
  const south = Math.max(-90, bounds.south);
  const north = Math.min(90, bounds.north);
  // Within a rounding step of the whole world is the whole world: wrapped, its two edges
  // would meet and make a box of zero width.
  if (bounds.east - bounds.west >= 360 - 1e-4) return { bbox: [-180, south, 180, north], zoom };
  let west = wrapLongitude(bounds.west);
  let east = wrapLongitude(bounds.east);
  if (west === 180) west = -180;
  if (east === -180) east = 180;
  const round = (n: number) => Math.round(n * 1e5) / 1e5;
  return { bbox: [round(west), round(south), round(east), round(north)], zoom };
}
