import type { LifeEventView } from '../../../worker/domain/life-events/life-event-view';
import { Sparkles } from '../../components/icons';
import { EventEvidence } from '../../life-events/components/event-evidence';

/** A life event among the interactions: what happened, when, and what it rests on. Edited in the Life card. */
export function TimelineLifeEvent({ event }: { event: LifeEventView }) {
  return (
    <li className="flex gap-3 rounded-md px-2 py-3" data-testid="timeline-life-event" id={`life-event-${event.id}`}>
      <span className="mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-brand-300">
        <Sparkles aria-hidden className="h-4 w-4" />
      </span>
      <div className="min-w-0 flex-1 text-sm">
        <div className="flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
          <span className="font-medium text-slate-700 dark:text-slate-300">Life event · {event.kind_label}</span>
          {event.happened_on ? <span>{event.happened_on}</span> : null}
        </div>
        <p className="mt-0.5 font-medium text-slate-900 dark:text-slate-100">{event.summary}</p>
        <EventEvidence event={event} />
      </div>
    </li>
  );
}
