import { useFetcher } from '@remix-run/react';
import { Card } from '../components/ui/card';
import type { LifeEventReadingSettings } from '../../worker/domain/life-events/message-reading-settings';
import type { LifeEventReadingActionData } from './life-event-reading-actions.server';

/** Settings → whether Kith reads new messages for life events (ADR 043), and what it cost today. */
export function LifeEventReadingCard({ reading }: { reading: LifeEventReadingSettings }) {
  const fetcher = useFetcher<LifeEventReadingActionData>();
  const checked = fetcher.formData ? fetcher.formData.get('read_messages') === 'on' : reading.read_messages;
  return (
    <Card title="Life events">
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5"
          checked={checked}
          disabled={reading.off_reason !== null}
          onChange={(e) =>
            fetcher.submit({ intent: 'life-event-reading', ...(e.target.checked ? { read_messages: 'on' } : {}) }, { method: 'post' })
          }
        />
        <span>
          Read new messages for news (a new job, a move, a wedding) and propose it in What’s new, quoting the sentence. The AI model reads
          them; messages with contacts tagged “private” are never read.
        </span>
      </label>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {reading.off_reason ?? `Today: ${reading.model_calls_today} of ${reading.daily_model_calls} model calls.`}
      </p>
      {fetcher.data?.message ? (
        <p role="status" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {fetcher.data.message}
        </p>
      ) : null}
    </Card>
  );
}
