import type { ContactView } from '../../../worker/domain/contacts/contact-view';
import type { AgendaItem } from '../../../worker/domain/keep-in-touch/agenda';
import { Card } from '../../components/ui/card';
import { QueuedReminders } from '../../offline-writes/queued-reminders';
import { AgendaRow } from '../../keep-in-touch/components/agenda-row';
import { formatDay } from '../../keep-in-touch/format-due';
import { CadenceField } from './cadence-field';
import { ReminderForm } from './reminder-form';

/** The contact's cadence, next due date, everything due (reminders, follow-ups, cadence) and "remind me on". */
export function KeepInTouchCard({
  contact,
  items,
  today,
  defaultCadence,
}: {
  contact: ContactView;
  items: AgendaItem[];
  today: string;
  defaultCadence: string | null;
}) {
  return (
    <Card title="Keep in touch">
      <div className="space-y-4">
        <CadenceField key={JSON.stringify(contact.cadence)} cadence={contact.cadence} defaultLabel={defaultCadence} />
        <p className="text-sm text-slate-600 dark:text-slate-400" aria-label="Next due">
          {contact.next_due ? (
            <>
              Next due <span className="font-medium text-slate-900 dark:text-slate-100">{formatDay(contact.next_due)}</span>
            </>
          ) : contact.priority === 'archived' ? (
            'Archived: no reminders.'
          ) : (
            'No cadence: Kith suggests reaching out when it has been a while.'
          )}
        </p>
        {items.length ? (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label="Due for this contact">
            {items.map((item) => (
              <AgendaRow key={item.id} item={item} today={today} showContact={false} />
            ))}
          </ul>
        ) : null}
        <QueuedReminders contactId={contact.id} />
        <ReminderForm contactId={contact.id} today={today} />
      </div>
    </Card>
  );
}
