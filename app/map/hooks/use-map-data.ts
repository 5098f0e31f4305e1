import { useEffect, useState } from 'react';
import { api, bodyOf, dataOf, searchQuery, type ApiData, type ApiInput } from '../../api/client';
import type { Viewport } from '../utils/viewport';

export type MapPin = ApiData<typeof api.contacts.map.$get>[number];

/** A cluster of GET /contacts/map/clusters (`at_one_point`: zooming never splits it, so it lists them). */
export type MapCluster = ApiData<typeof api.contacts.map.clusters.$get>[number] & {
  /** The pins of a stack (contacts at one point at street zoom), already loaded. */
  members?: MapPin[];
};

export interface MapData {
  pins: MapPin[];
  clusters: MapCluster[];
  totalInBounds: number;
}

/** SPEC §1: the list refreshes when the map moves or zooms, debounced by about 250 ms. */
export const REFRESH_DEBOUNCE_MS = 250;

type MapFilters = Omit<ApiInput<typeof api.contacts.map.clusters.$get>['query'], 'bbox' | 'zoom'>;

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
      const query = { ...searchQuery<MapFilters>(new URLSearchParams(filterQuery)), bbox, zoom };
      const init = { init: { signal: controller.signal } };
      setLoading(true);
      try {
        const [pins, clusters] = await Promise.all([
          bodyOf(api.contacts.map.$get({ query }, init)),
          dataOf(api.contacts.map.clusters.$get({ query }, init)),
        ]);
        setData({ pins: pins.data, clusters, totalInBounds: pins.meta.total_in_bounds });
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
