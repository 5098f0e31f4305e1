import { Link, useFetcher } from '@remix-run/react';
import type { NetworkLifeEventView } from '../../../worker/domain/life-events/life-event-view';
import type { WhatsNew } from '../../../worker/domain/life-events/whats-new';
import { AlarmClock, Check, MessageCircle, Pencil, X } from '../../components/icons';
import { Avatar } from '../../components/ui/avatar';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EventEvidence } from './event-evidence';

const small = 'px-2 py-1 text-xs';

function Who({ event }: { event: NetworkLifeEventView }) {
  return (
    <div className="flex items-start gap-3">
      <Avatar name={event.contact_name || '?'} url={event.avatar_url} />
      <div className="min-w-0 flex-1 text-sm">
        <p>
          <Link to={`/contacts/${event.contact_id}`} className="font-medium hover:text-brand-600">
            {event.contact_name || 'Unnamed'}
          </Link>
          <span className="text-slate-600 dark:text-slate-400"> · {event.summary}</span>
        </p>
        <EventEvidence event={event} />
      </div>
    </div>
  );
}

function Proposal({ event }: { event: NetworkLifeEventView }) {
  const fetcher = useFetcher();
  if (fetcher.state !== 'idle') return null;
  const post = (intent: string) => fetcher.submit({ intent, id: event.id }, { method: 'post' });
  return (
    <li className="py-3" data-testid="whats-new-proposal">
      <Who event={event} />
      <div className="mt-2 flex flex-wrap gap-2 pl-11">
        <button type="button" className={buttonClass('primary', small)} onClick={() => post('accept-event')}>
          <Check className="h-3.5 w-3.5" aria-hidden="true" /> Accept
        </button>
        <Link to={`/contacts/${event.contact_id}#life`} className={buttonClass('secondary', small)}>
          <Pencil className="h-3.5 w-3.5" aria-hidden="true" /> Edit
        </Link>
        <button type="button" className={buttonClass('ghost', small)} onClick={() => post('dismiss-event')}>
          <X className="h-3.5 w-3.5" aria-hidden="true" /> Dismiss
        </button>
      </div>
    </li>
  );
}

function RecentEvent({ event }: { event: NetworkLifeEventView }) {
  const fetcher = useFetcher<{ ok: boolean }>();
  const reminded = fetcher.state === 'idle' && fetcher.data?.ok;
  return (
    <li className="py-3" data-testid="whats-new-event">
      <Who event={event} />
      <div className="mt-2 flex flex-wrap gap-2 pl-11">
        <Link to={`/contacts/${event.contact_id}?congratulate=${event.id}`} className={buttonClass('primary', small)}>
          <MessageCircle className="h-3.5 w-3.5" aria-hidden="true" /> Congratulate
        </Link>
        <button
          type="button"
          disabled={fetcher.state !== 'idle' || reminded}
          className={buttonClass('secondary', small)}
          onClick={() => fetcher.submit({ intent: 'remind-event', id: event.id }, { method: 'post' })}
        >
          <AlarmClock className="h-3.5 w-3.5" aria-hidden="true" /> {reminded ? 'Reminder set for tomorrow' : 'Remind me'}
        </button>
      </div>
    </li>
  );
}

/** Home's "What's new": what Kith found for the user to accept, and this week's news across the network. */
export function WhatsNewCard({ news }: { news: WhatsNew }) {
  const empty = !news.proposals.length && !news.this_week.length;
  return (
    <Card title="What's new" className="lg:col-span-2">
      {empty ? (
        <p className="text-sm text-slate-500">
          Nothing new this week. Kith proposes new jobs and moves it notices in imports, syncs and enrichment.
        </p>
      ) : null}
      {news.proposals.length ? (
        <section aria-labelledby="whats-new-found">
          <h3 id="whats-new-found" className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
            Found for you ({news.proposals_total})
          </h3>
          <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label="Found for you">
            {news.proposals.map((e) => (
              <Proposal key={e.id} event={e} />
            ))}
          </ul>
        </section>
      ) : null}
      {news.this_week.length ? (
        <section aria-labelledby="whats-new-week" className={news.proposals.length ? 'mt-4' : ''}>
          <h3 id="whats-new-week" className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
            This week
          </h3>
          <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label="This week">
            {news.this_week.map((e) => (
              <RecentEvent key={e.id} event={e} />
            ))}
          </ul>
        </section>
      ) : null}
    </Card>
  );
}
