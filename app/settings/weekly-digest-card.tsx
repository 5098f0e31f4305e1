import { useFetcher } from '@remix-run/react';
import { Card } from '../components/ui/card';
import type { KeepInTouchActionData } from './keep-in-touch-actions.server';

/** Settings → the optional weekly email of what is due (off by default). */
export function WeeklyDigestCard({ enabled }: { enabled: boolean }) {
  const fetcher = useFetcher<KeepInTouchActionData>();
  const data = fetcher.data?.intent === 'weekly-digest' ? fetcher.data : undefined;
  const pending = fetcher.formData ? fetcher.formData.get('weekly_digest') === 'on' : enabled;
  return (
    <Card title="Weekly digest">
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5"
          checked={pending}
          onChange={(e) =>
            fetcher.submit({ intent: 'weekly-digest', ...(e.target.checked ? { weekly_digest: 'on' } : {}) }, { method: 'post' })
          }
        />
        <span>
          Email me on Monday mornings what is due that week: reminders, follow-ups and people to keep in touch with. Every email has a link
          to stop it.
        </span>
      </label>
      {data?.message ? (
        <p role="status" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {data.message}
        </p>
      ) : null}
      {data?.error ? (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {data.error}
        </p>
      ) : null}
    </Card>
  );
}
