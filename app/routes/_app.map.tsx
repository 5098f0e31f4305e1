import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { requireUser } from '../auth/session.server';
import { PageHeader } from '../layout/page-header';

export const meta: MetaFunction = () => [{ title: 'Map · Kith' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { deps } = await requireUser(request, context);
  return json({ configured: Boolean(deps.settings.MAP_PROVIDER_PUBLIC_TOKEN) });
}

export default function MapPage() {
  const { configured } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Map" description="Where your network lives." />
      <div className="p-6">
        {configured ? (
          <p className="text-sm text-slate-500">The interactive map arrives with the map feature.</p>
        ) : (
          <div role="status" className="mx-auto max-w-md rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
            <h2 className="text-lg font-medium">Map is not yet configured</h2>
            <p className="mt-2 text-sm text-slate-500">Set MAP_PROVIDER_PUBLIC_TOKEN (a Mapbox public token) to see your contacts on a world map.</p>
          </div>
        )}
      </div>
    </>
  );
}
