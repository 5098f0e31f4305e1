import { useNavigate } from '@remix-run/react';
import { useCallback, useState } from 'react';
import { useMapData } from '../hooks/use-map-data';
import type { Viewport } from '../utils/viewport';
import { ContactMap, type InitialView } from './contact-map';
import { MapSidebar } from './map-sidebar';
import type { UnplacedContact } from '../../../worker/domain/map/network-view-queries';

interface MapViewProps {
  unplaced: { total: number; contacts: UnplacedContact[] };
  token: string;
  styleUrl: string;
  initialView: InitialView;
  focusId: string | null;
  /** The contact list's filters ("show on map"), as the map API's query; '' for everyone. */
  filterQuery: string;
}

/** The map and its sidebar, sharing the viewport and the highlighted contact. */
export function MapView({ token, styleUrl, initialView, focusId, unplaced, filterQuery }: MapViewProps) {
  const navigate = useNavigate();
  const [viewport, setViewport] = useState<Viewport | null>(null);
  const [highlightedId, setHighlightedId] = useState<string | null>(focusId);
  const { data, loading, error } = useMapData(viewport, filterQuery);
  const handleOpenContact = useCallback((id: string) => navigate(`/contacts/${id}`), [navigate]);

  return (
    <div className="flex min-h-0 flex-1 flex-col md:flex-row">
      <ContactMap
        token={token}
        styleUrl={styleUrl}
        initialView={initialView}
        clusters={data?.clusters ?? []}
        highlightedId={highlightedId}
        onViewportChange={setViewport}
        onOpenContact={handleOpenContact}
      />
      <MapSidebar
        pins={data?.pins ?? []}
        totalInBounds={data?.totalInBounds ?? 0}
        loading={loading || !data}
        error={error}
        highlightedId={highlightedId}
        onHighlight={setHighlightedId}
        unplaced={unplaced}
        bbox={viewport ? viewport.bbox.join(',') : null}
        filterQuery={filterQuery}
      />
    </div>
  );
}
