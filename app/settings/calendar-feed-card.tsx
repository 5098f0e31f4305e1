import { useFetcher } from '@remix-run/react';
import { CalendarPlus } from '../components/icons';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { useDateFormat } from '../layout/time-zone';
import { CopyableSecret } from './copyable-secret';
import type { KeepInTouchActionData } from './keep-in-touch-actions.server';

/** Settings → the secret iCalendar feed of reminders and dues: create, replace, revoke. */
export function CalendarFeedCard({ feed }: { feed: { active: boolean; created_at: string | null } }) {
  const fetcher = useFetcher<KeepInTouchActionData>();
  const format = useDateFormat();
  const data = fetcher.data?.intent.startsWith('calendar-feed') ? fetcher.data : undefined;
  const submit = (intent: string) => fetcher.submit({ intent }, { method: 'post' });
  return (
    <Card title="Calendar feed">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Subscribe to your reminders and keep-in-touch dues from Google Calendar, Apple Calendar or Outlook: one all-day event per item. The
        URL is secret: anyone with it can read the names it lists. Replace it to shut out an old copy.
      </p>
      {data?.feedUrl ? (
        <div className="mt-4">
          <CopyableSecret label="Your calendar feed URL — copy it now, it will not be shown again" value={data.feedUrl} />
        </div>
      ) : null}
      {data?.message ? (
        <p role="status" className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          {data.message}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <Button onClick={() => submit('calendar-feed-create')} disabled={fetcher.state !== 'idle'}>
          <CalendarPlus aria-hidden className="h-4 w-4" /> {feed.active ? 'Replace feed URL' : 'Create feed URL'}
        </Button>
        {feed.active ? (
          <>
            <Button variant="secondary" onClick={() => submit('calendar-feed-revoke')} disabled={fetcher.state !== 'idle'}>
              Revoke
            </Button>
            <span className="text-xs text-slate-500">Active since {feed.created_at ? format.date(feed.created_at) : '—'}</span>
          </>
        ) : null}
      </div>
    </Card>
  );
}
