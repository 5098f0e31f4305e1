import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { featureOffReason } from '../../worker/domain/settings/not-configured';
import { Link, useLoaderData } from '@remix-run/react';
import mapboxStyles from 'mapbox-gl/dist/mapbox-gl.css?url';
import { loadContactViews } from '../../worker/domain/contacts/contact-view';
import { networkView, type NetworkBounds } from '../../worker/domain/map/network-view-queries';
import { listedRowidsSql } from '../../worker/domain/search/contact-list-queries';
import { requireUser } from '../auth/session.server';
import { listQueryOf } from '../contacts/list/contact-list.server';
import { hasFilters, listStateToParams, mapFilterParams, readListState } from '../contacts/list/list-state';
import { buttonClass } from '../components/ui/button';
import { PageHeader } from '../layout/page-header';
import type { InitialView } from '../map/components/contact-map';
import { MapView } from '../map/components/map-view';

export const meta: MetaFunction = () => [{ title: 'Map · Kith' }];
// Only this route links mapbox-gl's stylesheet; its script is imported lazily by ContactMap.
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: mapboxStyles }];

const WORLD_VIEW: InitialView = {
  bounds: [
    [-180, -58],
    [180, 75],
  ],
};
/** SPEC §1: /map?focus=<id> opens centred on that contact at city-level zoom. */
const CITY_ZOOM = 11;
// A network in one city opens on the city, not on a box too small to frame.
const ONE_PLACE_DEGREES = 0.5;

/** The whole network, framed to fit its pins with a margin; the world when nobody is placed. */
function networkFrame(bounds: NetworkBounds | null): InitialView {
  if (!bounds) return WORLD_VIEW;
  const { west, south, east, north } = bounds;
  if (east - west < ONE_PLACE_DEGREES && north - south < ONE_PLACE_DEGREES)
    return { center: [(west + east) / 2, (south + north) / 2], zoom: CITY_ZOOM };
  const margin = Math.max(east - west, north - south) * 0.05;
  return {
    bounds: [
      [Math.max(-180, west - margin), Math.max(-85, south - margin)],
      [Math.min(180, east + margin), Math.min(85, north + margin)],
    ],
  };
}

/**
 * "Show on map" from the contact list: /map with the list's filters draws only the contacts
 * that list shows, framed on them; the page links back to the list and to everyone.
 */
function listFilterOf(url: URL, timeZone: string) {
  // The map's box is its viewport: a list box ("List these") does not come along.
  const state = { ...readListState(url.searchParams), bbox: '', page: 1 };
  if (!hasFilters(state)) return null;
  return { state, apiQuery: mapFilterParams(state, timeZone).toString(), listUrl: `/contacts?${listStateToParams(state)}` };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  const url = new URL(request.url);
  const focusId = url.searchParams.get('focus')?.slice(0, 64) || null;
  const filter = listFilterOf(url, user.time_zone);
  const subset = filter ? listedRowidsSql(user.id, listQueryOf(filter.state, user.time_zone)) : null;
  const [network, focused] = await Promise.all([
    networkView(deps.db, user.id, subset),
    focusId ? loadContactViews(deps.db, user.id, [focusId]) : [],
  ]);
  const contact = focused[0];
  const initialView: InitialView =
    contact?.latitude != null && contact.longitude != null
      ? { center: [contact.longitude, contact.latitude], zoom: CITY_ZOOM }
      : networkFrame(network.bounds);
  return json({
    unplaced: network.unplaced,
    token: featureOffReason(deps.settings, 'The map', ['MAP_PROVIDER_PUBLIC_TOKEN']) ? null : deps.settings.MAP_PROVIDER_PUBLIC_TOKEN!,
    styleUrl: deps.settings.MAP_STYLE_URL,
    initialView,
    focusId: contact?.latitude != null ? focusId : null,
    filter: filter ? { apiQuery: filter.apiQuery, listUrl: filter.listUrl, summary: filterSummary(filter.state) } : null,
  });
}

/** The filter in a few words: the search, the place and the tags, or just "filtered". */
function filterSummary(state: ReturnType<typeof readListState>): string {
  const parts = [
    state.q.trim() && `“${state.q.trim().slice(0, 60)}”`,
    state.place && `in ${state.place}`,
    state.tags.length > 0 && `tagged ${state.tags.join(', ')}`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : 'the filters you chose';
}

export default function MapPage() {
  const { token, styleUrl, initialView, focusId, unplaced, filter } = useLoaderData<typeof loader>();
  return (
    <div className="flex h-full flex-col">
      <PageHeader
        title="Map"
        description={filter ? `Your contacts matching ${filter.summary}.` : 'Where your network lives.'}
        actions={
          filter ? (
            <>
              <Link to={filter.listUrl} className={buttonClass('secondary')}>
                Back to the list
              </Link>
              <Link to="/map" className={buttonClass('secondary')}>
                Show everyone
              </Link>
            </>
          ) : undefined
        }
      />
      {token ? (
        <MapView
          key={`${focusId ?? 'world'}?${filter?.apiQuery ?? ''}`}
          token={token}
          styleUrl={styleUrl}
          initialView={initialView}
          focusId={focusId}
          unplaced={unplaced}
          filterQuery={filter?.apiQuery ?? ''}
        />
      ) : (
        <div className="p-6">
          <div
            role="status"
            className="mx-auto max-w-md rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700"
          >
            <h2 className="text-lg font-medium">Map is not yet configured</h2>
            <p className="mt-2 text-sm text-slate-500">Ask whoever runs Kith to add a map key to see your contacts on a world map.</p>
          </div>
        </div>
      )}
    </div>
  );
}
