import { useRef } from 'react';
import { BellPlus } from '../../components/icons';
import { REMINDER_LIMITS } from '../../../worker/domain/keep-in-touch/reminder-limits';
import { buttonClass } from '../../components/ui/button';
import { useQueueingFetcher } from '../../offline-writes/use-queueing-fetcher';
import type { ActionResult } from '../contact-page-action.server';

const fieldClass = 'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900';

/**
 * "Remind me on <date>", with an optional note ("ask about the new job"). Set while Kith cannot be
 * reached, it waits on this device (ADR 045) and shows above as "Waiting to send"; the form clears.
 */
export function ReminderForm({ contactId, today }: { contactId: string; today: string }) {
  const form = useRef<HTMLFormElement>(null);
  const reminder = useQueueingFetcher<ActionResult>(contactId, 'reminder', () => form.current?.reset());
  const error = reminder.error?.error?.message ?? null;
  return (
    <form
      ref={form}
      method="post"
      className="space-y-2"
      aria-label="Set a reminder"
      onSubmit={(event) => {
        event.preventDefault();
        reminder.send(new FormData(event.currentTarget));
      }}
    >
      <input type="hidden" name="intent" value="add-reminder" />
      <div className="flex items-center gap-2">
        <label htmlFor="remind-on" className="shrink-0 text-sm">
          Remind me on
        </label>
        <input id="remind-on" name="on" type="date" required min={today} className={`${fieldClass} min-w-0 flex-1`} />
      </div>
      <input
        name="note"
        aria-label="Reminder note"
        maxLength={REMINDER_LIMITS.note}
        placeholder="Note (optional): ask about the new job"
        className={`${fieldClass} w-full`}
      />
      {error ? (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      ) : null}
      <button type="submit" disabled={reminder.busy} className={buttonClass('secondary', 'px-2 py-1 text-xs')}>
        <BellPlus aria-hidden className="h-3.5 w-3.5" /> Set reminder
      </button>
    </form>
  );
}
