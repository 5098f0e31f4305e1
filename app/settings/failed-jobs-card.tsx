import { Form, Link, useNavigation } from '@remix-run/react';
import { CircleAlert, CircleCheck } from '../components/icons';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { jobLabel } from './job-labels';
import { useDateFormat } from '../layout/time-zone';

export interface FailedJob {
  id: string;
  type: string;
  body: Record<string, unknown>;
  error: string;
  attempts: number;
  first_seen_at: string;
  last_seen_at: string;
}

/** Jobs the queue gave up on (the dead-letter queue), each with Replay and Dismiss. */
export function FailedJobsCard({ jobs, total, notice }: { jobs: FailedJob[]; total: number; notice: string | null }) {
  const busy = useNavigation().state === 'submitting';
  const format = useDateFormat();
  return (
    <Card title="Failed background jobs">
      <div id="failed-jobs" className="space-y-3 text-sm">
        {notice ? (
          <p role="status" className="text-slate-600 dark:text-slate-400">
            {notice}
          </p>
        ) : null}
        {jobs.length === 0 ? (
          <p className="flex items-center gap-2 text-slate-600 dark:text-slate-400">
            <CircleCheck className="h-4 w-4 text-emerald-600" aria-hidden="true" />
            Every background job finished. Jobs that keep failing after their retries appear here.
          </p>
        ) : (
          <>
            <p className="text-slate-600 dark:text-slate-400">
              {total === 1 ? 'This job' : `These ${total.toLocaleString('en')} jobs`} failed every retry. Replay once the cause is fixed; a
              replay never doubles anything.
            </p>
            <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label="Failed background jobs">
              {jobs.map((job) => (
                <li key={job.id} className="flex items-start gap-3 py-3" data-testid="failed-job">
                  <CircleAlert className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">
                      {jobLabel(job.type)}
                      {typeof job.body.contact_id === 'string' ? (
                        <>
                          {' · '}
                          <Link className="text-brand-700 underline dark:text-brand-400" to={`/contacts/${job.body.contact_id}`}>
                            open contact
                          </Link>
                        </>
                      ) : null}
                    </p>
                    <p className="break-words text-slate-600 dark:text-slate-400">{job.error}</p>
                    <p className="text-xs text-slate-500">
                      {job.attempts.toLocaleString('en')} attempts · first failed {format.dateTime(job.first_seen_at)}
                      {job.last_seen_at !== job.first_seen_at ? ` · last ${format.dateTime(job.last_seen_at)}` : ''}
                    </p>
                  </div>
                  <Form method="post" action="/settings/failed-jobs" className="flex gap-2">
                    <input type="hidden" name="id" value={job.id} />
                    <Button
                      type="submit"
                      name="intent"
                      value="replay"
                      variant="secondary"
                      disabled={busy}
                      aria-label={`Replay: ${jobLabel(job.type)}`}
                    >
                      Replay
                    </Button>
                    <Button
                      type="submit"
                      name="intent"
                      value="dismiss"
                      variant="ghost"
                      disabled={busy}
                      aria-label={`Dismiss: ${jobLabel(job.type)}`}
                    >
                      Dismiss
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
            {total > jobs.length ? (
              <p className="text-xs text-slate-500">
                Showing the {jobs.length} most recent of {total.toLocaleString('en')}.
              </p>
            ) : null}
          </>
        )}
      </div>
    </Card>
  );
}
