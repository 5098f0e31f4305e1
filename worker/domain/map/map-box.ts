/** A viewport box. minLng > maxLng means the box crosses the antimeridian. */
export interface MapBox {
  minLng: number;
  minLat: number;
  maxLng: number;
  maxLat: number;
}

/**
 * Parses `minLng,minLat,maxLng,maxLat` (API.md "Map"). Returns the problem as text when
 * the box is malformed: not four numbers, a coordinate out of range, minLat > maxLat.
 */
export function parseMapBox(text: string): MapBox | string {
  const parts = text.split(',');
  if (parts.length !== 4) return 'bbox must be four comma-separated numbers: minLng,minLat,maxLng,maxLat';
  const numbers = parts.map((p) => (/^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(p) ? Number(p) : Number.NaN));
  if (numbers.some((n) => !Number.isFinite(n))) return 'bbox must be four comma-separated numbers: minLng,minLat,maxLng,maxLat';
  const [minLng, minLat, maxLng, maxLat] = numbers as [number, number, number, number];
  if (minLat < -90 || maxLat > 90 || minLat > 90 || maxLat < -90) return 'bbox latitudes must lie between -90 and 90';
  if (minLat > maxLat) return 'bbox minLat must not exceed maxLat';
  if ([minLng, maxLng].some((lng) => lng < -180 || lng > 180)) return 'bbox longitudes must lie between -180 and 180';
  return { minLng, minLat, maxLng, maxLat };
}

/** The box as one or two plain longitude ranges (two when it crosses the antimeridian). */
export function longitudeRanges(box: MapBox): [number, number][] {
  return box.minLng <= box.maxLng
    ? [[box.minLng, box.maxLng]]
    : [
        [box.minLng, 180],
        [-180, box.maxLng],
      ];
}
