import { useEffect, useState } from 'react';
import type { Viewport } from '../utils/viewport';

export interface MapPin {
  id: string;
  full_name: string;
  avatar_url: string | null;
  latitude: number;
  longitude: number;
  relationship_score: number;
}

export interface MapCluster {
  latitude: number;
  longitude: number;
  count: number;
  pin?: MapPin;
  /** Every member is at the very same point: zooming never splits it, so it lists them. */
  at_one_point?: true;
  /** The pins of a stack (contacts at one point at street zoom), already loaded. */
  members?: MapPin[];
}

export interface MapData {
  pins: MapPin[];
  clusters: MapCluster[];
  totalInBounds: number;
}

/** SPEC §1: the list refreshes when the map moves or zooms, debounced by about 250 ms. */
export const REFRESH_DEBOUNCE_MS = 250;

async function getJson<T>(url: string, signal: AbortSignal): Promise<T> {
  const res = await fetch(url, { signal, headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

/**
 * The pins (best 500) and the clusters (every contact, or every one the list's filters in
 * `filterQuery` keep) of the viewport, once it settles.
 */
export function useMapData(viewport: Viewport | null, filterQuery = ''): { data: MapData | null; loading: boolean; error: string | null } {
  const [data, setData] = useState<MapData | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!viewport) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const bbox = viewport.bbox.join(',');
      const zoom = viewport.zoom.toFixed(2);
      const filters = filterQuery ? `&${filterQuery}` : '';
      setLoading(true);
      try {
        const [pins, clusters] = await Promise.all([
          getJson<{ data: MapPin[]; meta: { total_in_bounds: number } }>(`/api/v1/contacts/map?bbox=${bbox}&zoom=${zoom}${filters}`, controller.signal),
          getJson<{ data: MapCluster[] }>(`/api/v1/contacts/map/clusters?bbox=${bbox}&zoom=${zoom}${filters}`, controller.signal),
        ]);
        setData({ pins: pins.data, clusters: clusters.data, totalInBounds: pins.meta.total_in_bounds });
        setError(null);
      } catch (e) {
        if (!controller.signal.aborted) setError(e instanceof Error ? e.message : String(e));
      } finally {
        if (!controller.signal.aborted) setLoading(false);
      }
    }, REFRESH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [viewport, filterQuery]);

  return { data, loading, error };
}
