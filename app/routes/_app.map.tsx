import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { featureOffReason } from '../../worker/domain/settings/not-configured';
import { useLoaderData } from '@remix-run/react';
import mapboxStyles from 'mapbox-gl/dist/mapbox-gl.css?url';
import { loadContactViews } from '../../worker/domain/contacts/contact-view';
import { networkView, type NetworkBounds } from '../../worker/domain/map/network-view';
import { requireUser } from '../auth/session.server';
import { PageHeader } from '../layout/page-header';
import type { InitialView } from '../map/components/contact-map';
import { MapView } from '../map/components/map-view';

export const meta: MetaFunction = () => [{ title: 'Map · Kith' }];
// Only this route links mapbox-gl's stylesheet; its script is imported lazily by ContactMap.
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: mapboxStyles }];

const WORLD_VIEW: InitialView = { bounds: [[-180, -58], [180, 75]] };
/** SPEC §1: /map?focus=<id> opens centred on that contact at city-level zoom. */
const CITY_ZOOM = 11;
// A network in one city opens on the city, not on a box too small to frame.
const ONE_PLACE_DEGREES = 0.5;

/** The whole network, framed to fit its pins with a margin; the world when nobody is placed. */
function networkFrame(bounds: NetworkBounds | null): InitialView {
  if (!bounds) return WORLD_VIEW;
  const { west, south, east, north } = bounds;
  if (east - west < ONE_PLACE_DEGREES && north - south < ONE_PLACE_DEGREES) return { center: [(west + east) / 2, (south + north) / 2], zoom: CITY_ZOOM };
  const margin = Math.max(east - west, north - south) * 0.05;
  return {
    bounds: [
      [Math.max(-180, west - margin), Math.max(-85, south - margin)],
      [Math.min(180, east + margin), Math.min(85, north + margin)],
    ],
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  const focusId = new URL(request.url).searchParams.get('focus')?.slice(0, 64) || null;
  const [network, focused] = await Promise.all([networkView(deps.db, user.id), focusId ? loadContactViews(deps.db, user.id, [focusId]) : []]);
  const contact = focused[0];
  const initialView: InitialView =
    contact?.latitude != null && contact.longitude != null ? { center: [contact.longitude, contact.latitude], zoom: CITY_ZOOM } : networkFrame(network.bounds);
  return json({
    unplaced: network.unplaced,
    token: featureOffReason(deps.settings, 'The map', ['MAP_PROVIDER_PUBLIC_TOKEN']) ? null : deps.settings.MAP_PROVIDER_PUBLIC_TOKEN!,
    styleUrl: deps.settings.MAP_STYLE_URL,
    initialView,
    focusId: contact?.latitude != null ? focusId : null,
  });
}

export default function MapPage() {
  const { token, styleUrl, initialView, focusId, unplaced } = useLoaderData<typeof loader>();
  return (
    <div className="flex h-full flex-col">
      <PageHeader title="Map" description="Where your network lives." />
      {token ? (
        <MapView key={focusId ?? 'world'} token={token} styleUrl={styleUrl} initialView={initialView} focusId={focusId} unplaced={unplaced} />
      ) : (
        <div className="p-6">
          <div role="status" className="mx-auto max-w-md rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
            <h2 className="text-lg font-medium">Map is not yet configured</h2>
            <p className="mt-2 text-sm text-slate-500">Ask whoever runs Kith to add a map key to see your contacts on a world map.</p>
          </div>
        </div>
      )}
    </div>
  );
}
