import type { Map as MapboxMap, Marker } from 'mapbox-gl';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/client';
import type { MapCluster, MapPin } from '../hooks/use-map-data';
import { clusterElement, markerKey, peopleCard, pinCard, pinElement, setPinHighlighted, stackCoinciding } from '../utils/marker-elements';
import { viewportOf, type Viewport } from '../utils/viewport';

type MapboxGl = typeof import('mapbox-gl').default;

/** Where the map opens: a point and zoom (a focused contact) or a box to fit (the world). */
export type InitialView = { center: [number, number]; zoom: number } | { bounds: [[number, number], [number, number]] };

interface ContactMapProps {
  token: string;
  styleUrl: string;
  initialView: InitialView;
  clusters: MapCluster[];
  highlightedId: string | null;
  onViewportChange: (viewport: Viewport) => void;
  onOpenContact: (id: string) => void;
}

/** Zoom at which clusters are gone (SPEC §8); a cluster click never zooms past it. */
const CLUSTERS_END_AT_ZOOM = 14;

/**
 * The interactive map. mapbox-gl is imported here, inside an effect, so it is fetched only
 * when this page runs in the browser and stays out of every other page's bundle.
 */
export function ContactMap({ token, styleUrl, initialView, clusters, highlightedId, onViewportChange, onOpenContact }: ContactMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [instance, setInstance] = useState<{ map: MapboxMap; gl: MapboxGl } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const markers = useRef(new Map<string, { marker: Marker; element: HTMLElement }>());
  const callbacks = useRef({ onViewportChange, onOpenContact });
  callbacks.current = { onViewportChange, onOpenContact };
  const initialViewRef = useRef(initialView);

  useEffect(() => {
    let cancelled = false;
    let map: MapboxMap | undefined;
    const placed = markers.current;
    (async () => {
      const { default: gl } = await import('mapbox-gl');
      if (cancelled || !containerRef.current) return;
      gl.accessToken = token;
      map = new gl.Map({
        container: containerRef.current,
        style: styleUrl,
        ...initialViewRef.current,
        projection: 'mercator',
        attributionControl: true,
      });
      map.addControl(new gl.NavigationControl({ showCompass: false }), 'top-left');
      const created = map;
      const report = () => {
        const b = created.getBounds();
        if (!b) return;
        callbacks.current.onViewportChange(
          viewportOf({ west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() }, created.getZoom()),
        );
      };
      map.on('moveend', report);
      map.on('error', (event) => console.warn('map:', event.error?.message ?? event));
      report();
      setInstance({ map, gl });
    })().catch((error: unknown) => {
      if (!cancelled) setFailure(error instanceof Error ? error.message : String(error));
    });
    return () => {
      cancelled = true;
      placed.clear();
      map?.remove();
    };
  }, [token, styleUrl]);

  // Markers follow the clusters; unchanged ones stay, so an open card survives a refresh.
  useEffect(() => {
    if (!instance) return;
    const { map, gl } = instance;
    const wanted = new Map(stackCoinciding(clusters).map((c) => [markerKey(c), c]));
    const listPeople = async (cluster: MapCluster) => {
      const { latitude: lat, longitude: lng } = cluster;
      let pins: MapPin[] | undefined = cluster.members;
      if (!pins) {
        const box = [lng - 1e-5, lat - 1e-5, lng + 1e-5, lat + 1e-5].join(',');
        const res = await api.contacts.map.$get({ query: { bbox: box, limit: '500' } });
        if (!res.ok) return;
        pins = (await res.json()).data;
      }
      new gl.Popup({ offset: 16, maxWidth: '280px' })
        .setLngLat([lng, lat])
        .setDOMContent(peopleCard(pins, cluster.count, (id) => callbacks.current.onOpenContact(id)))
        .addTo(map);
    };
    for (const [key, { marker }] of markers.current) {
      if (!wanted.has(key)) {
        marker.remove();
        markers.current.delete(key);
      }
    }
    for (const [key, cluster] of wanted) {
      if (markers.current.has(key)) continue;
      const { pin } = cluster;
      const element = pin
        ? pinElement(pin)
        : cluster.at_one_point
          ? clusterElement(cluster.count, () => void listPeople(cluster), true)
          : clusterElement(cluster.count, () =>
              map.easeTo({ center: [cluster.longitude, cluster.latitude], zoom: Math.min(map.getZoom() + 2, CLUSTERS_END_AT_ZOOM) }),
            );
      const marker = new gl.Marker({ element }).setLngLat([cluster.longitude, cluster.latitude]);
      if (pin)
        marker.setPopup(
          new gl.Popup({ offset: 12, maxWidth: '240px' }).setDOMContent(pinCard(pin, (id) => callbacks.current.onOpenContact(id))),
        );
      marker.addTo(map);
      markers.current.set(key, { marker, element });
    }
  }, [instance, clusters]);

  useEffect(() => {
    for (const [key, { element }] of markers.current) {
      if (key.startsWith('pin:')) setPinHighlighted(element, key === `pin:${highlightedId}`);
    }
  }, [highlightedId, clusters, instance]);

  return (
    <div className="relative min-h-80 flex-1">
      <div ref={containerRef} className="h-full w-full" data-testid="contact-map" aria-label="Map of your contacts" role="region" />
      {failure ? (
        <p role="alert" className="absolute inset-x-4 top-4 rounded bg-rose-50 p-3 text-sm text-rose-700">
          The map could not start in this browser ({failure}).
        </p>
      ) : null}
    </div>
  );
}
