import { Link } from '@remix-run/react';
import { AlarmClock, BellRing, CalendarClock, Repeat, Sparkles } from '../../components/icons';
import type { AgendaItem } from '../../../worker/domain/keep-in-touch/agenda';
import { describeDue } from '../format-due';
import { AgendaItemActions } from './agenda-item-actions';

const ICONS = { reminder: BellRing, follow_up: CalendarClock, cadence: Repeat, suggestion: Sparkles } as const;

/** One due item: what, for whom (linked unless on that contact's page), when, and its actions. */
export function AgendaRow({ item, today, showContact = true }: { item: AgendaItem; today: string; showContact?: boolean }) {
  const Icon = ICONS[item.kind];
  const due = describeDue(item.due_on, today);
  return (
    <li className="flex flex-wrap items-center gap-2 py-2 text-sm" data-agenda-item={item.id}>
      <Icon aria-hidden className="h-4 w-4 shrink-0 text-slate-400" />
      <div className="min-w-[11rem] flex-1">
        {showContact ? (
          <Link
            to={`/contacts/${item.contact_id}`}
            className="font-medium hover:text-brand-600 max-sm:-my-3.5 max-sm:inline-flex max-sm:min-h-11 max-sm:items-center"
          >
            {item.contact_name || 'Unnamed'}
          </Link>
        ) : null}
        <p className={showContact ? 'text-xs text-slate-600 dark:text-slate-400' : 'font-medium'}>{item.title}</p>
        <p className={`text-xs ${item.bucket === 'overdue' ? 'text-amber-700 dark:text-amber-400' : 'text-slate-500'}`}>
          {due}
          {item.snoozed ? (
            <span className="ml-1 inline-flex items-center gap-0.5">
              · <AlarmClock aria-hidden className="h-3 w-3" /> snoozed
            </span>
          ) : null}
        </p>
      </div>
      <AgendaItemActions item={item} today={today} />
    </li>
  );
}
