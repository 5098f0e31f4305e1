import { Form } from '@remix-run/react';
import { MapPin } from '../components/icons';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { ProgressBar } from '../components/ui/progress-bar';

interface GeocodingCardProps {
  progress: { withLocation: number; geocoded: number; noResult: number; pending: number };
  enqueued: number | null;
  busy: boolean;
}

/** Where geocoding stands, and a button that queues every contact still waiting. */
export function GeocodingCard({ progress, enqueued, busy }: GeocodingCardProps) {
  const { withLocation, geocoded, noResult, pending } = progress;
  const settled = withLocation - pending;
  const percent = withLocation === 0 ? 100 : Math.floor((settled / withLocation) * 100);
  return (
    <Card title="Map locations">
      <div className="flex items-start gap-3">
        <MapPin className="mt-0.5 h-4 w-4 text-slate-400" aria-hidden="true" />
        <div className="flex-1 text-sm">
          {withLocation === 0 ? (
            <p className="text-slate-600 dark:text-slate-400">No contact has a location yet. Add one to a contact to see it on the map.</p>
          ) : (
            <>
              <p data-testid="geocoding-progress">
                {geocoded.toLocaleString('en')} of {withLocation.toLocaleString('en')} locations on the map
                {noResult ? ` · ${noResult.toLocaleString('en')} not recognised` : ''}
                {pending ? ` · ${pending.toLocaleString('en')} waiting` : ''}
              </p>
              <ProgressBar label="Geocoding progress" value={percent} total={100} className="mt-2 h-1.5" />
            </>
          )}
          {enqueued !== null ? (
            <p className="mt-2 text-slate-600 dark:text-slate-400" role="status">
              Queued {enqueued.toLocaleString('en')} contacts for geocoding.
            </p>
          ) : null}
        </div>
        <Form method="post">
          <input type="hidden" name="intent" value="geocode-backfill" />
          <Button type="submit" variant="secondary" disabled={busy || pending === 0}>
            Geocode waiting contacts
          </Button>
        </Form>
      </div>
    </Card>
  );
}
