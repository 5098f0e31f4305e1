import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { featureOffReason } from '../../worker/domain/settings/not-configured';
import { useLoaderData } from '@remix-run/react';
import mapboxStyles from 'mapbox-gl/dist/mapbox-gl.css?url';
import { loadContactViews } from '../../worker/domain/contacts/contact-view';
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

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  const focusId = new URL(request.url).searchParams.get('focus')?.slice(0, 64) || null;
  let initialView: InitialView = WORLD_VIEW;
  if (focusId) {
    const [contact] = await loadContactViews(deps.db, user.id, [focusId]);
    if (contact?.latitude != null && contact.longitude != null) initialView = { center: [contact.longitude, contact.latitude], zoom: CITY_ZOOM };
  }
  return json({
    token: featureOffReason(deps.settings, 'The map', ['MAP_PROVIDER_PUBLIC_TOKEN']) ? null : deps.settings.MAP_PROVIDER_PUBLIC_TOKEN!,
    styleUrl: deps.settings.MAP_STYLE_URL,
    initialView,
    focusId: initialView === WORLD_VIEW ? null : focusId,
  });
}

export default function MapPage() {
  const { token, styleUrl, initialView, focusId } = useLoaderData<typeof loader>();
  return (
    <div className="flex h-full flex-col">
      <PageHeader title="Map" description="Where your network lives." />
      {token ? (
        <MapView key={focusId ?? 'world'} token={token} styleUrl={styleUrl} initialView={initialView} focusId={focusId} />
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
