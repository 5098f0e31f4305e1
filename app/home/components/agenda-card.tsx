import type { AgendaBucket, AgendaItem } from '../../../worker/domain/keep-in-touch/agenda';
import { Card } from '../../components/ui/card';
import { AgendaRow } from '../../keep-in-touch/components/agenda-row';

const SECTIONS: { bucket: AgendaBucket; title: string }[] = [
  { bucket: 'overdue', title: 'Overdue' },
  { bucket: 'today', title: 'Due today' },
  { bucket: 'this_week', title: 'This week' },
];

/**
 * Home's one list of what is due: reminders, follow-ups, cadence dues and suggestions, by
 * overdue / today / this week. With nothing due it never claims the network is warm while
 * people are going cold.
 */
export function AgendaCard({
  items,
  today,
  total,
  goingCold,
  empty,
}: {
  items: AgendaItem[];
  today: string;
  total: number;
  goingCold: number;
  /** No contact yet: nothing can be due, and the network is not "warm" either. */
  empty: boolean;
}) {
  const title = total ? `Due (${total})` : 'Due';
  return (
    <Card title={title} className="lg:col-span-2">
      {items.length === 0 ? (
        <p className="text-sm text-slate-500">
          {empty
            ? 'Nothing is due yet: once your people are in, whoever you should reach out to shows up here.'
            : goingCold
              ? `Nothing scheduled this week, but ${goingCold === 1 ? 'one high-priority contact is' : `${goingCold} high-priority contacts are`} going cold: see below.`
              : 'Nothing due this week. Your network is warm.'}
        </p>
      ) : null}
      <div className="space-y-4">
        {SECTIONS.map(({ bucket, title: heading }) => {
          const rows = items.filter((i) => i.bucket === bucket);
          if (!rows.length) return null;
          return (
            <section key={bucket} aria-label={heading}>
              <h3
                className={`text-xs font-semibold uppercase tracking-wide ${bucket === 'overdue' ? 'text-amber-700 dark:text-amber-400' : 'text-slate-500'}`}
              >
                {heading} ({rows.length})
              </h3>
              <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label={heading}>
                {rows.map((item) => (
                  <AgendaRow key={item.id} item={item} today={today} />
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </Card>
  );
}
