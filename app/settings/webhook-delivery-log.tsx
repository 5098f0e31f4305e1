import { Form, Link } from '@remix-run/react';
import { Button } from '../components/ui/button';
import { useDateFormat } from '../layout/time-zone';
import type { WebhooksCardData } from './webhooks.server';

type Endpoint = WebhooksCardData['endpoints'][number];
type Opened = NonNullable<WebhooksCardData['opened']>;

const STATUS_STYLE = {
  succeeded: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  pending: 'bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  failed: 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200',
} as const;

const STATUS_WORD = { succeeded: 'Delivered', pending: 'Retrying', failed: 'Failed' } as const;

/** An endpoint's latest deliveries: what was sent, how it went, and Redeliver. */
export function WebhookDeliveryLog({ endpoint, opened }: { endpoint: Endpoint; opened: Opened | null }) {
  const format = useDateFormat();
  if (endpoint.deliveries.length === 0) return <p className="mt-2 text-xs text-slate-500">No deliveries yet.</p>;
  return (
    <div className="mt-3">
      <p className="text-xs font-medium text-slate-600 dark:text-slate-400">
        Latest deliveries{endpoint.total > endpoint.deliveries.length ? ` (${endpoint.total} kept; the API lists all)` : ''}
      </p>
      <ul className="mt-1 divide-y divide-slate-100 text-xs dark:divide-slate-800" aria-label={`Deliveries to ${endpoint.url}`}>
        {endpoint.deliveries.map((d) => (
          <li key={d.id} className="py-2">
            <div className="flex flex-wrap items-center gap-2">
              <span className={`rounded px-1.5 py-0.5 font-medium ${STATUS_STYLE[d.status]}`}>{STATUS_WORD[d.status]}</span>
              <code>{d.event}</code>
              <span className="text-slate-500">
                {format.dateTime(d.created_at)} · {d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'}
                {d.last_status_code ? ` · last answer ${d.last_status_code}` : ''}
              </span>
              <span className="ml-auto flex items-center gap-2">
                <Link to={`?delivery=${endpoint.id}.${d.id}#webhooks`} className="text-brand-700 underline dark:text-brand-300">
                  Details
                </Link>
                {d.status === 'failed' ? (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="webhook-redeliver" />
                    <input type="hidden" name="id" value={endpoint.id} />
                    <input type="hidden" name="delivery_id" value={d.id} />
                    <Button type="submit" variant="secondary" className="px-2 py-1 text-xs">
                      Redeliver
                    </Button>
                  </Form>
                ) : null}
              </span>
            </div>
            {opened?.id === d.id ? <DeliveryDetail delivery={opened} /> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function DeliveryDetail({ delivery }: { delivery: Opened }) {
  return (
    <div className="mt-2 space-y-2 rounded border border-slate-200 p-2 dark:border-slate-800">
      <p className="font-medium">Body sent</p>
      <pre className="max-h-40 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 dark:bg-slate-950">{delivery.body}</pre>
      {delivery.attempt_log.slice(0, 1).map((a) => (
        <Attempt key={a.id} attempt={a} />
      ))}
      {delivery.attempt_log.length > 1 ? (
        <details>
          <summary className="cursor-pointer font-medium">
            {delivery.attempt_log.length - 1} earlier {delivery.attempt_log.length === 2 ? 'attempt' : 'attempts'}
          </summary>
          <div className="mt-2 space-y-2">
            {delivery.attempt_log.slice(1).map((a) => (
              <Attempt key={a.id} attempt={a} />
            ))}
          </div>
        </details>
      ) : null}
    </div>
  );
}

function Attempt({ attempt: a }: { attempt: Opened['attempt_log'][number] }) {
  const format = useDateFormat();
  return (
    <div className="space-y-1">
      <p className="font-medium">
        Attempt at {format.dateTime(a.attempted_at)}: {a.response_status ?? 'no answer'}
        {a.error ? ` · ${a.error}` : ''} · {a.duration_ms} ms
      </p>
      <pre className="overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 dark:bg-slate-950">
        {Object.entries(a.request_headers)
          .map(([name, value]) => `${name}: ${value}`)
          .join('\n')}
      </pre>
      {a.response_body ? (
        <pre className="max-h-24 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 dark:bg-slate-950">
          {a.response_body}
        </pre>
      ) : null}
    </div>
  );
}
