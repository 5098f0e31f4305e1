import type { FormEvent, RefObject } from 'react';
import { useEffect, useState } from 'react';
import { TIMELINE_LIMITS } from '../../../worker/domain/timeline/timeline-limits';
import { buttonClass } from '../../components/ui/button';
import { inputClass } from '../../components/ui/text-field';

const KINDS = [
  { value: 'coffee', label: 'Coffee' },
  { value: 'call', label: 'Call' },
  { value: 'meeting', label: 'Meeting' },
  { value: 'message', label: 'Message' },
] as const;

const fieldLabel = 'flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-400';

/** The current minute as a datetime-local value ("2026-11-25T14:05") in the browser's zone. */
function localNow(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/**
 * Logs a call, meeting, coffee or message (dated now unless another date is picked), with
 * "follow up in 3 days / 1 week / 1 month / on a date".
 */
export function LogConversationForm({
  formRef,
  busy,
  onSubmit,
}: {
  formRef: RefObject<HTMLFormElement>;
  busy: boolean;
  onSubmit: (data: FormData) => void;
}) {
  const [followUp, setFollowUp] = useState('');
  // Now, in the browser's own zone; set after hydration so the server's clock never shows.
  const [when, setWhen] = useState('');
  useEffect(() => setWhen(localNow()), []);
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    // datetime-local has no zone: the browser's own zone is the one the user meant. Empty: now.
    const local = String(data.get('occurred_local') ?? '');
    data.set('occurred_at', local ? new Date(local).toISOString() : '');
    data.delete('occurred_local');
    onSubmit(data);
    setWhen(localNow());
  };
  return (
    <form ref={formRef} method="post" onSubmit={handleSubmit} className="space-y-2" aria-label="Log a conversation">
      <input type="hidden" name="intent" value="log" />
      <div className="grid gap-2 sm:grid-cols-3">
        <label className={fieldLabel}>
          What happened
          <select name="kind" defaultValue="coffee" className={inputClass}>
            {KINDS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
        <label className={fieldLabel}>
          Conversation title
          <input name="title" maxLength={TIMELINE_LIMITS.title} placeholder="Optional" className={inputClass} />
        </label>
        <label className={fieldLabel}>
          When
          <input
            name="occurred_local"
            type="datetime-local"
            value={when}
            onChange={(e) => setWhen(e.target.value)}
            className={inputClass}
          />
        </label>
      </div>
      <label className={fieldLabel}>
        Notes
        <textarea
          name="notes"
          rows={2}
          maxLength={TIMELINE_LIMITS.body}
          placeholder="What you talked about (optional)"
          className={inputClass}
        />
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="follow-up" className="text-sm text-slate-600 dark:text-slate-400">
          Follow up
        </label>
        <select
          id="follow-up"
          name="follow_up"
          aria-label="Follow up"
          value={followUp}
          onChange={(e) => setFollowUp(e.target.value)}
          className={`${inputClass} !w-auto`}
        >
          <option value="">No follow-up</option>
          <option value="3_days">in 3 days</option>
          <option value="1_week">in 1 week</option>
          <option value="1_month">in 1 month</option>
          <option value="on">on a date…</option>
        </select>
        {followUp === 'on' ? (
          <input name="follow_up_on" aria-label="Follow up on" type="date" required className={`${inputClass} !w-auto`} />
        ) : null}
        <button type="submit" className={buttonClass('primary', 'ml-auto px-3 py-1.5 text-xs')} aria-disabled={busy}>
          Log it
        </button>
      </div>
    </form>
  );
}
