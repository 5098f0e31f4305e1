import { Link } from '@remix-run/react';
import { History } from '../components/icons';
import { Card } from '../components/ui/card';
import { useDateFormat } from '../layout/time-zone';

export interface ActivityEntry {
  id: string;
  action: string;
  summary: string;
  created_at: string;
}

/** The latest deletes and merges, from the audit log, with a link to the whole log. */
export function ActivityLogCard({ entries }: { entries: ActivityEntry[] }) {
  const format = useDateFormat();
  return (
    <Card
      title="Activity log"
      actions={
        <Link to="/settings/audit" className="text-sm text-brand-700 underline dark:text-brand-400">
          See all activity
        </Link>
      }
    >
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          No deletes or merges yet. Every one is recorded here, with what it removed.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800" aria-label="Recent activity">
          {entries.map((entry) => (
            <li key={entry.id} className="flex items-start gap-3 py-2">
              <History className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
              <span className="min-w-0 flex-1 break-words">{entry.summary}</span>
              <time className="shrink-0 text-xs text-slate-500" dateTime={entry.created_at}>
                {format.dateTime(entry.created_at)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
