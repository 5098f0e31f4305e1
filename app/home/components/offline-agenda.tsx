import type { AgendaItem } from '../../../worker/domain/keep-in-touch/agenda';
import { bucketOf } from '../../../worker/domain/keep-in-touch/agenda-buckets';
import { localDate } from '../../../worker/domain/keep-in-touch/calendar-dates';
import type { SearchRow } from '../../../worker/domain/search/local/search-row';
import { PageHeader } from '../../layout/page-header';
import { useTimeZone } from '../../layout/time-zone';
import { AgendaCard } from './agenda-card';

/** A contact due, as this device's index keeps it: what Home shows offline. */
export type OfflineDue = Pick<SearchRow, 'id' | 'full_name' | 'next_due'>;

const itemOf = (row: OfflineDue, today: string): AgendaItem => ({
  id: `cadence:${row.id}`,
  type: 'cadence',
  ref: row.id,
  kind: 'cadence',
  contact_id: row.id,
  contact_name: row.full_name,
  avatar_url: null,
  due_on: row.next_due!,
  bucket: bucketOf(row.next_due!, today),
  title: 'Keep in touch',
  note: null,
  snoozed: false,
});

/**
 * Home with the network cut (docs/decisions/040): who is due to hear from you, from this
 * device's index. Reminders, suggestions, dates and What's new live on the server only.
 */
export function OfflineAgenda({ due }: { due: OfflineDue[] }) {
  const today = localDate(new Date(), useTimeZone());
  const items = due.map((row) => itemOf(row, today)).filter((item) => item.bucket !== 'later');
  return (
    <>
      <PageHeader title="Home" description="You are offline: who is due, from what this device keeps." />
      <div className="grid gap-6 p-6 lg:grid-cols-2">
        <AgendaCard items={items} today={today} total={items.length} goingCold={0} empty={false} />
        <p className="text-sm text-slate-600 lg:col-span-2 dark:text-slate-400">
          Reminders, suggestions, birthdays and what is new come back with the connection.
        </p>
      </div>
    </>
  );
}
