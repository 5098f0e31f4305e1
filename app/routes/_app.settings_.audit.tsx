import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Link, useFetcher, useLoaderData } from '@remix-run/react';
import { History } from '../components/icons';
import { AGENT_CALL_ACTION, TOKEN_WRITE_ACTION } from '../../worker/domain/audit/agent-activity-kinds';
import { listAuditLog } from '../../worker/domain/audit/audit-log';
import type { MergeEntryState } from '../../worker/domain/merge/merge-views';
import { mergeEntryStates } from '../../worker/domain/merge/unmerge';
import { requireUser } from '../auth/session.server';
import { useUnmergeToast, type UnmergeResult } from '../contacts/components/merged-here-card';
import { unmergeFromForm } from '../contacts/unmerge-action.server';
import { intentAction } from '../http/intent-action.server';
import { buttonClass } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { PageHeader } from '../layout/page-header';
import { SettingsColumns } from '../settings/settings-sections';
import { useDateFormat } from '../layout/time-zone';

export const meta: MetaFunction = () => [{ title: 'Activity log · Kith' }];

const PAGE_SIZE = 25;
const LINKED_ACTIONS = new Set([AGENT_CALL_ACTION, TOKEN_WRITE_ACTION]);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  const requested = Number(new URL(request.url).searchParams.get('page'));
  const page = Number.isInteger(requested) && requested >= 1 && requested <= 1_000_000 ? requested : 1;
  const { items, total } = await listAuditLog(deps.db, user.id, page, PAGE_SIZE);
  const merges = await mergeEntryStates(
    deps.db,
    user.id,
    items.filter((i) => i.action === 'contact.merge').map((i) => i.id),
  );
  return json({
    page,
    totalPages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    total,
    entries: items.map(({ id, action, summary, created_at, subject_type, subject_id }) => ({
      id,
      action,
      summary,
      created_at,
      merge: merges.get(id) ?? null,
      // What an agent or a token touched links to it (issue 47).
      contactId: LINKED_ACTIONS.has(action) && subject_type === 'contact' ? subject_id : null,
    })),
  });
}

export const action = intentAction(['unmerge'], ({ deps, user, form }) => unmergeFromForm(deps, user, form));

/** A merge entry's state: who made it, and Unmerge while it can still be undone. */
function MergeEntryActions({ id, merge }: { id: string; merge: MergeEntryState }) {
  const fetcher = useFetcher<UnmergeResult>();
  useUnmergeToast(fetcher.data, fetcher.state);
  return (
    <span className="flex shrink-0 items-center gap-2">
      {merge.origin === 'auto' ? <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs dark:bg-slate-800">automatic</span> : null}
      {merge.undone || merge.expired ? (
        <span className="text-xs text-slate-500">{merge.undone ? 'Undone' : 'Can no longer be undone'}</span>
      ) : (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="unmerge" />
          <input type="hidden" name="merge_id" value={id} />
          <button type="submit" className={buttonClass('secondary', 'min-h-11 px-3 text-xs')} disabled={fetcher.state !== 'idle'}>
            {fetcher.state !== 'idle' ? 'Unmerging…' : 'Unmerge'}
          </button>
        </fetcher.Form>
      )}
    </span>
  );
}

/** Every delete and merge the user made and every security event of the account, newest first, 25 a page. */
export default function ActivityLogPage() {
  const { page, totalPages, total, entries } = useLoaderData<typeof loader>();
  const format = useDateFormat();
  return (
    <>
      <PageHeader
        title="Activity log"
        description="Deletes, merges and your account's security events: sign-ins from a new device, password and two-factor changes, tokens, feeds and exports. A merge, yours or one made after an import or a sync, can be undone here for 30 days."
        actions={
          <Link to="/settings" className={buttonClass('secondary')}>
            Back to Settings
          </Link>
        }
      />
      <SettingsColumns away>
        <div>
          <Card>
            {entries.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {page > 1 ? 'No activity on this page.' : 'Nothing recorded yet.'}
              </p>
            ) : (
              <ol className="divide-y divide-slate-100 text-sm dark:divide-slate-800" aria-label="Activity">
                {entries.map((entry) => (
                  <li key={entry.id} className="flex items-start gap-3 py-2" data-testid="activity-entry">
                    <History className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
                    <span className="min-w-0 flex-1 break-words">{entry.summary}</span>
                    {entry.merge ? <MergeEntryActions id={entry.id} merge={entry.merge} /> : null}
                    {entry.contactId ? (
                      <Link to={`/contacts/${entry.contactId}`} className="shrink-0 text-xs text-brand-700 underline dark:text-brand-400">
                        Open contact
                      </Link>
                    ) : null}
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
      </SettingsColumns>
    </>
  );
}
