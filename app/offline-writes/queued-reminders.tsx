import { BellRing } from '../components/icons';
import { fieldOf } from './queued-write';
import { QueuedWriteStatus } from './queued-write-actions';
import { useQueuedWrites } from './use-queued-writes';

const KINDS = ['reminder'] as const;

const day = (on: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(on)
    ? new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
        new Date(`${on}T00:00:00Z`),
      )
    : on;

/** The reminders set while Kith could not be reached, where the contact's due items are: each waits, or says why Kith refused it. */
export function QueuedReminders({ contactId }: { contactId: string }) {
  const writes = useQueuedWrites(contactId, KINDS);
  if (!writes.length) return null;
  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label="Reminders not sent yet">
      {writes.map((write) => {
        const note = fieldOf(write, 'note');
        return (
          <li key={write.key} className="flex flex-wrap items-center gap-2 py-2 text-sm" data-testid="queued-reminder">
            <BellRing aria-hidden className="h-4 w-4 shrink-0 text-amber-600" />
            <div className="min-w-[11rem] flex-1">
              <p className="font-medium">Reminder for {day(fieldOf(write, 'on'))}</p>
              {note ? <p className="break-words text-xs text-slate-600 dark:text-slate-400">{note}</p> : null}
            </div>
            <QueuedWriteStatus write={write} what={`reminder for ${day(fieldOf(write, 'on'))}`} />
          </li>
        );
      })}
    </ul>
  );
}
