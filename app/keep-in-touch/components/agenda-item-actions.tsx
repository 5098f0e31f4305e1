import { useFetcher } from '@remix-run/react';
import { Check, X } from '../../components/icons';
import { useEffect } from 'react';
import { toast } from 'sonner';
import type { AgendaItem } from '../../../worker/domain/keep-in-touch/agenda';
import { buttonClass } from '../../components/ui/button';
import { focusPageHeading } from '../../palette/focus-page-heading';
import { SnoozeMenu } from './snooze-menu';

type Result = { ok: boolean; error?: { message: string } | null };

/**
 * Done / Snooze (1 day, 1 week, 1 month, a date) / Dismiss for one agenda item, posted to the
 * page's own action (Home and the contact page both handle the agenda intents).
 */
export function AgendaItemActions({ item, today }: { item: AgendaItem; today: string }) {
  const fetcher = useFetcher<Result>();
  const label = `${item.contact_name || 'Unnamed'}: ${item.title}`;
  const submit = (intent: string, extra: Record<string, string> = {}) =>
    fetcher.submit({ intent, type: item.type, ref: item.ref, ...extra }, { method: 'post' });
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok && fetcher.data.error) toast.error(fetcher.data.error.message);
  }, [fetcher.state, fetcher.data]);
  // Done, snoozed or dismissed, the item leaves the list with the button the keyboard was on:
  // the page's heading takes it, instead of the page's body.
  useEffect(
    () => () =>
      queueMicrotask(() => {
        if (!document.activeElement || document.activeElement === document.body) focusPageHeading();
      }),
    [],
  );
  return (
    <span className="flex shrink-0 items-center gap-1" aria-busy={fetcher.state !== 'idle'}>
      <button
        type="button"
        aria-label={`Done: ${label}`}
        className={buttonClass('secondary', 'px-2 py-1 text-xs max-sm:min-h-11')}
        onClick={() => submit('agenda-done')}
      >
        <Check aria-hidden className="h-3.5 w-3.5" /> Done
      </button>
      <SnoozeMenu
        label={label}
        today={today}
        onSnooze={(choice) => submit('agenda-snooze', 'until' in choice ? { until: choice.until } : { for: choice.for })}
      />
      <button
        type="button"
        aria-label={`Dismiss ${label}`}
        title="Dismiss"
        className={buttonClass('ghost', 'px-1.5 py-1 text-xs max-sm:min-h-11 max-sm:min-w-11')}
        onClick={() => submit('agenda-dismiss')}
      >
        <X aria-hidden className="h-3.5 w-3.5" />
      </button>
    </span>
  );
}
