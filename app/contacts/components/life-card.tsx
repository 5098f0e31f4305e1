import { useFetcher } from '@remix-run/react';
import { useEffect, useState } from 'react';
import {
  LIFE_EVENT_KIND_LABEL,
  LIFE_EVENT_KINDS,
  LIFE_EVENT_LIMITS,
  type LifeEventKind,
} from '../../../worker/domain/life-events/life-event-kinds';
import type { LifeEventView } from '../../../worker/domain/life-events/life-event-view';
import type { YearlyDateView } from '../../../worker/domain/life-events/yearly-dates';
import { BriefcaseBusiness, CalendarHeart, Check, MapPin, Pencil, Plus, Repeat, Sparkles, Trash2, X } from '../../components/icons';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormFooter } from '../../components/ui/form-footer';
import { EventEvidence } from '../../life-events/components/event-evidence';
import type { ActionResult } from '../contact-page-action.server';

const fieldClass = 'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900';
const ICONS: Partial<Record<LifeEventKind, typeof Sparkles>> = {
  new_job: BriefcaseBusiness,
  promotion: BriefcaseBusiness,
  left_company: BriefcaseBusiness,
  moved: MapPin,
};

function EventForm({ event, onDone }: { event?: LifeEventView; onDone: () => void }) {
  const fetcher = useFetcher<ActionResult>();
  const intent = event ? 'edit-event' : 'add-event';
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok && fetcher.data.intent === intent) onDone();
  }, [fetcher.state, fetcher.data, intent, onDone]);
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error?.message : null;
  return (
    <fetcher.Form
      method="post"
      className="space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-700"
      aria-label={event ? 'Edit life event' : 'Add a life event'}
    >
      <input type="hidden" name="intent" value={intent} />
      {event ? <input type="hidden" name="id" value={event.id} /> : null}
      <select name="kind" aria-label="What happened" defaultValue={event?.kind ?? 'new_job'} className={`${fieldClass} w-full`}>
        {LIFE_EVENT_KINDS.map((k) => (
          <option key={k} value={k}>
            {LIFE_EVENT_KIND_LABEL[k]}
          </option>
        ))}
      </select>
      <input
        name="summary"
        aria-label="Summary"
        placeholder="New job at Acme as Head of Sales"
        defaultValue={event?.summary ?? ''}
        maxLength={LIFE_EVENT_LIMITS.summary}
        required
        className={`${fieldClass} w-full`}
      />
      <input
        name="happened_on"
        aria-label="When (YYYY, YYYY-MM or YYYY-MM-DD)"
        placeholder="When: 2024-05-06"
        defaultValue={event?.happened_on ?? ''}
        pattern="\d{4}(-\d{2}(-\d{2})?)?"
        className={`${fieldClass} w-full`}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="recurs" defaultChecked={event?.recurs ?? false} />
        Every year on this day (on Home and in the calendar)
      </label>
      <input
        name="evidence"
        aria-label="Where you learnt it (optional)"
        placeholder="Where you learnt it (optional)"
        defaultValue={event?.evidence.field ? '' : (event?.evidence.text ?? '')}
        maxLength={LIFE_EVENT_LIMITS.evidence}
        className={`${fieldClass} w-full`}
      />
      <FormFooter error={error} busy={fetcher.state !== 'idle'} submitLabel={event ? 'Save' : 'Add event'} onCancel={onDone} />
    </fetcher.Form>
  );
}

function EventRow({ event, yearly }: { event: LifeEventView; yearly?: YearlyDateView }) {
  const fetcher = useFetcher<ActionResult>();
  const [editing, setEditing] = useState(false);
  if (editing)
    return (
      <li className="py-2">
        <EventForm event={event} onDone={() => setEditing(false)} />
      </li>
    );
  if (fetcher.state !== 'idle') return null;
  const Icon = ICONS[event.kind] ?? Sparkles;
  const proposed = event.status === 'proposed';
  return (
    <li className="py-2 text-sm" data-testid="life-event">
      <div className="flex items-start gap-2">
        <Icon className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="font-medium">
            {event.summary}
            {proposed ? (
              <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-normal text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
                Found
              </span>
            ) : null}
          </p>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {event.kind_label}
            {event.happened_on ? ` · ${event.happened_on}` : ''}
            {event.recurs ? (
              <span>
                {' · '}
                <Repeat className="inline h-3 w-3" aria-hidden="true" />{' '}
                {yearly ? `${yearly.title.toLowerCase()} every year · ${comingRound(yearly)}` : 'every year'}
              </span>
            ) : null}
          </p>
          <EventEvidence event={event} />
        </div>
      </div>
      <div className="mt-1 flex flex-wrap justify-end gap-1">
        {proposed ? (
          <>
            <button
              type="button"
              className={buttonClass('secondary', 'px-2 py-1 text-xs')}
              onClick={() => fetcher.submit({ intent: 'accept-event', id: event.id }, { method: 'post' })}
            >
              <Check className="h-3.5 w-3.5" aria-hidden="true" /> Accept
            </button>
            <button
              type="button"
              className={buttonClass('ghost', 'px-2 py-1 text-xs')}
              onClick={() => fetcher.submit({ intent: 'dismiss-event', id: event.id }, { method: 'post' })}
            >
              <X className="h-3.5 w-3.5" aria-hidden="true" /> Dismiss
            </button>
          </>
        ) : null}
        <button
          type="button"
          aria-label={`Edit ${event.summary}`}
          className={buttonClass('ghost', 'px-1.5 py-1')}
          onClick={() => setEditing(true)}
        >
          <Pencil className="h-3.5 w-3.5" />
        </button>
        <button
          type="button"
          aria-label={`Delete ${event.summary}`}
          className={buttonClass('ghost', 'px-1.5 py-1')}
          onClick={() => fetcher.submit({ intent: 'delete-event', id: event.id }, { method: 'post' })}
        >
          <Trash2 className="h-3.5 w-3.5" />
        </button>
      </div>
    </li>
  );
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAY = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });

/** "today", "tomorrow", "on Friday" within the week, else "in 40 days". */
function whenNext(d: YearlyDateView): string {
  if (d.in_days === 0) return 'today';
  if (d.in_days === 1) return 'tomorrow';
  if (d.in_days < 7) return `on ${WEEKDAY.format(new Date(`${d.next_on}T00:00:00Z`))}`;
  return `in ${d.in_days} days`;
}

/** "10 years on Wednesday", or just when, without a year. */
const comingRound = (date: YearlyDateView) =>
  date.years ? `${date.years} year${date.years === 1 ? '' : 's'} ${whenNext(date)}` : whenNext(date);

/** An anniversary from the contact's dates: shown here, edited in the dates card (ADR 049). */
function YearlyRow({ date }: { date: YearlyDateView }) {
  const what = comingRound(date);
  return (
    <li className="py-2 text-sm" data-testid="life-yearly-date">
      <div className="flex items-start gap-2">
        <CalendarHeart className="mt-0.5 h-4 w-4 shrink-0 text-violet-500" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="font-medium">
            {date.title} · {date.day} {MONTHS[date.month - 1]}
            {date.year ? ` ${date.year}` : ''}
          </p>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            <Repeat className="inline h-3 w-3" aria-hidden="true" /> every year · {what}
          </p>
        </div>
      </div>
    </li>
  );
}

/** The Life section: what happened in the contact's life (new jobs, moves, weddings...), each with where it came from, and their yearly dates. */
export function LifeCard({ events, yearly: dates = [] }: { events: LifeEventView[]; yearly?: YearlyDateView[] }) {
  const [adding, setAdding] = useState(false);
  // A wedding event on the anniversary's day is that anniversary: one entry, the event's (ADR 058).
  const withEvent = new Map(dates.flatMap((d) => (d.event_id && events.some((e) => e.id === d.event_id) ? [[d.event_id, d]] : [])));
  const yearly = dates.filter((d) => !d.event_id || !withEvent.has(d.event_id));
  return (
    <div id="life">
      <Card title="Life">
        {yearly.length ? (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label="Every year">
            {yearly.map((d) => (
              <YearlyRow key={d.date_id} date={d} />
            ))}
          </ul>
        ) : null}
        {events.length ? (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label="Life events">
            {events.map((e) => (
              <EventRow key={e.id} event={e} yearly={withEvent.get(e.id)} />
            ))}
          </ul>
        ) : !adding && !yearly.length ? (
          <p className="text-sm text-slate-500">No life events yet. Kith proposes new jobs and moves it notices; you can add one too.</p>
        ) : null}
        {adding ? (
          <div className="mt-2">
            <EventForm onDone={() => setAdding(false)} />
          </div>
        ) : (
          <button type="button" onClick={() => setAdding(true)} className={buttonClass('secondary', 'mt-3 px-2 py-1 text-xs')}>
            <Plus className="h-3.5 w-3.5" aria-hidden="true" /> Add a life event
          </button>
        )}
      </Card>
    </div>
  );
}
