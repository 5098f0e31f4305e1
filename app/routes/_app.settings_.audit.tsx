import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import { History } from '../components/icons';
import { listAuditLog } from '../../worker/domain/audit/audit-log';
import { requireUser } from '../auth/session.server';
import { buttonClass } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { PageHeader } from '../layout/page-header';
import { useDateFormat } from '../layout/time-zone';

export const meta: MetaFunction = () => [{ title: 'Activity log · Kith' }];

const PAGE_SIZE = 25;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  const requested = Number(new URL(request.url).searchParams.get('page'));
  const page = Number.isInteger(requested) && requested >= 1 && requested <= 1_000_000 ? requested : 1;
  const { items, total } = await listAuditLog(deps.db, user.id, page, PAGE_SIZE);
  return json({
    page,
    totalPages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    total,
    entries: items.map(({ id, action, summary, created_at }) => ({ id, action, summary, created_at })),
  });
}

/** Every delete and merge the user made, newest first, 25 a page. */
export default function ActivityLogPage() {
  const { page, totalPages, total, entries } = useLoaderData<typeof loader>();
  const format = useDateFormat();
  return (
    <>
      <PageHeader
        title="Activity log"
        description="Deletes and merges are permanent; each one is recorded here with what it removed."
        actions={
          <Link to="/settings" className={buttonClass('secondary')}>
            Back to Settings
          </Link>
        }
      />
      <div className="mx-auto max-w-3xl p-6">
        <Card>
          {entries.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {page > 1 ? 'No activity on this page.' : 'No deletes or merges yet.'}
            </p>
          ) : (
            <ol className="divide-y divide-slate-100 text-sm dark:divide-slate-800" aria-label="Activity">
              {entries.map((entry) => (
                <li key={entry.id} className="flex items-start gap-3 py-2" data-testid="activity-entry">
                  <History className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
                  <span className="min-w-0 flex-1 break-words">{entry.summary}</span>
                  <time className="shrink-0 text-xs text-slate-500" dateTime={entry.created_at}>
                    {format.dateTime(entry.created_at)}
                  </time>
                </li>
              ))}
            </ol>
          )}
        </Card>
        <nav className="mt-4 flex items-center justify-between text-sm" aria-label="Pages">
          {page > 1 ? (
            <Link className={buttonClass('secondary')} to={`?page=${page - 1}`}>
              Newer
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-500">{`Page ${page} of ${totalPages} · ${total.toLocaleString('en')} ${total === 1 ? 'entry' : 'entries'}`}</span>
          {page < totalPages ? (
            <Link className={buttonClass('secondary')} to={`?page=${page + 1}`}>
              Older
            </Link>
          ) : (
            <span />
          )}
        </nav>
      </div>
    </>
  );
}
