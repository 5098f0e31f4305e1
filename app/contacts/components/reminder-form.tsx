import { useFetcher } from '@remix-run/react';
import { BellPlus } from '../../components/icons';
import { useEffect, useRef } from 'react';
import { REMINDER_LIMITS } from '../../../worker/domain/keep-in-touch/reminder-limits';
import { buttonClass } from '../../components/ui/button';
import type { ActionResult } from '../contact-page-action.server';

const fieldClass = 'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900';

/** "Remind me on <date>", with an optional note ("ask about the new job"). */
export function ReminderForm({ today }: { today: string }) {
  const fetcher = useFetcher<ActionResult>();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok && fetcher.data.intent === 'add-reminder') form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  const error = fetcher.data && !fetcher.data.ok && fetcher.data.intent === 'add-reminder' ? fetcher.data.error?.message : null;
  return (
    <fetcher.Form ref={form} method="post" className="space-y-2" aria-label="Set a reminder">
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
      <button type="submit" disabled={fetcher.state !== 'idle'} className={buttonClass('secondary', 'px-2 py-1 text-xs')}>
        <BellPlus aria-hidden className="h-3.5 w-3.5" /> Set reminder
      </button>
    </fetcher.Form>
  );
}
