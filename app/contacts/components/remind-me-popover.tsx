import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { BellPlus } from '../../components/icons';
import { buttonClass } from '../../components/ui/button';
import { REMINDER_LIMITS } from '../../../worker/domain/keep-in-touch/reminder-limits';
import { useQueueingFetcher } from '../../offline-writes/use-queueing-fetcher';
import type { ActionResult } from '../contact-page-action.server';

/** `days` after a YYYY-MM-DD day (calendar arithmetic: no time zone can move it). */
export function dayAfter(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const monthLater = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  const wanted = date.getUTCMonth() + 1;
  date.setUTCMonth(wanted);
  // 31 January plus a month is the last of February, not 3 March.
  if (date.getUTCMonth() !== wanted % 12) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
};

export const spoken = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

const fieldClass = 'min-h-11 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900';

/**
 * The header's "Remind me", opened where it was tapped: tomorrow, next week, in a month, or a day
 * picked, with an optional note. A toast says when; Escape closes it and gives focus back. Set
 * while Kith cannot be reached, the reminder waits on this device (ADR 045) and the toast says so.
 */
export function RemindMePopover({ contactId, today, className }: { contactId: string; today: string; className: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const picked = useRef<string | null>(null);
  const id = useId();
  const presets = [
    { label: 'Tomorrow', on: dayAfter(today, 1) },
    { label: 'Next week', on: dayAfter(today, 7) },
    { label: 'In a month', on: monthLater(today) },
  ];

  const reminder = useQueueingFetcher<ActionResult>(contactId, 'reminder', (queued) => {
    if (!picked.current) return;
    if (queued) toast(`Reminder for ${spoken(picked.current)} saved on this device: it will be set when you are back online`);
    else toast.success(`Reminder set for ${spoken(picked.current)}`);
    picked.current = null;
    setOpen(false);
    button.current?.focus();
  });

  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>('button, input')?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const remind = (on: string, note = '') => {
    picked.current = on;
    const form = new FormData();
    form.set('intent', 'add-reminder');
    form.set('on', on);
    form.set('note', note);
    reminder.send(form);
  };
  const error = reminder.error?.error?.message ?? null;

  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        className={className}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <BellPlus aria-hidden className="h-4 w-4" />
        Remind me
      </button>
      {open ? (
        <div
          ref={panel}
          id={id}
          role="dialog"
          aria-label="Remind me"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              close();
            }
          }}
          className="absolute left-0 z-30 mt-2 w-72 max-w-[calc(100vw-2rem)] space-y-3 max-sm:fixed max-sm:inset-x-4 max-sm:w-auto max-sm:max-w-none rounded-lg border border-slate-200 bg-white p-3 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="grid gap-2" role="group" aria-label="When">
            {presets.map((preset) => (
              <button
                key={preset.label}
                type="button"
                disabled={reminder.busy}
                onClick={() => remind(preset.on)}
                className={buttonClass('secondary', 'min-h-11 justify-between')}
              >
                {preset.label}
                <span className="text-xs font-normal text-slate-500 dark:text-slate-400">{spoken(preset.on)}</span>
              </button>
            ))}
          </div>
          <form
            className="space-y-2 border-t border-slate-200 pt-3 dark:border-slate-700"
            onSubmit={(event) => {
              event.preventDefault();
              const form = new FormData(event.currentTarget);
              remind(String(form.get('on')), String(form.get('note') ?? ''));
            }}
          >
            <label className="flex flex-col gap-1 text-sm">
              Pick a date
              <input name="on" type="date" required min={today} className={fieldClass} />
            </label>
            <input
              name="note"
              aria-label="Reminder note"
              maxLength={REMINDER_LIMITS.note}
              placeholder="Note (optional)"
              className={`${fieldClass} w-full`}
            />
            {error ? (
              <p role="alert" className="text-xs text-red-600">
                {error}
              </p>
            ) : null}
            <button type="submit" disabled={reminder.busy} className={buttonClass('primary', 'min-h-11 w-full')}>
              Set reminder
            </button>
          </form>
        </div>
      ) : null}
    </div>
  );
}
