import { useFetcher } from '@remix-run/react';
import type { FollowupView } from '../../../worker/domain/followups/followups';
import { Card } from '../../components/ui/card';
import { buttonClass } from '../../components/ui/button';
import { useDateFormat } from '../../layout/time-zone';

function FollowupRow({ followup }: { followup: FollowupView }) {
  const fetcher = useFetcher();
  const format = useDateFormat();
  if (fetcher.state !== 'idle') return null;
  return (
    <li className="py-2 text-sm">
      <p>{followup.reason}</p>
      <p className="text-xs text-slate-500">Due {format.date(followup.due_at)}</p>
      <div className="mt-1 flex gap-2">
        <button type="button" className={buttonClass('secondary', 'px-2 py-1 text-xs')} onClick={() => fetcher.submit({ intent: 'snooze-followup', id: followup.id, days: '7' }, { method: 'post' })}>
          Snooze a week
        </button>
        <button type="button" className={buttonClass('ghost', 'px-2 py-1 text-xs')} onClick={() => fetcher.submit({ intent: 'dismiss-followup', id: followup.id }, { method: 'post' })}>
          Dismiss
        </button>
      </div>
    </li>
  );
}

export function FollowupsCard({ followups }: { followups: FollowupView[] }) {
  return (
    <Card title="Follow-ups">
      {followups.length ? (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {followups.map((f) => <FollowupRow key={f.id} followup={f} />)}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">Nothing due. Suggestions appear when it has been a while (30 days for high priority, 60 medium, 180 low).</p>
      )}
    </Card>
  );
}
