import { useFetcher } from '@remix-run/react';
import { Cake, CalendarHeart, CalendarDays, Pencil, Plus, Trash2 } from '../../components/icons';
import { useEffect, useState } from 'react';
import type { DateView } from '../../../worker/domain/dates/important-dates';
import { IMPORTANT_DATE_LIMITS } from '../../../worker/domain/dates/important-date-limits';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormFooter } from '../../components/ui/form-footer';
import type { ActionResult } from '../contact-page-action.server';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const KIND_LABELS = { birthday: 'Birthday', anniversary: 'Anniversary', custom: 'Other date' } as const;
const fieldClass = 'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900';

/** Days from today (the viewer's calendar) to the date's next occurrence; Feb 29 falls on Feb 28 in other years. */
function daysUntil(month: number, day: number, now = new Date()): number {
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  for (const year of [now.getFullYear(), now.getFullYear() + 1]) {
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const at = Date.UTC(year, month - 1, Math.min(day, last));
    if (at >= today) return Math.round((at - today) / 86_400_000);
  }
  return 365;
}

function describe(d: DateView): { title: string; when: string; detail: string | null } {
  const title = d.kind === 'custom' ? (d.label ?? 'Date') : KIND_LABELS[d.kind];
  const when = `${d.day} ${MONTHS[d.month - 1]}${d.year ? ` ${d.year}` : ''}`;
  const inDays = daysUntil(d.month, d.day);
  const soon = inDays === 0 ? 'today' : inDays === 1 ? 'tomorrow' : inDays <= 30 ? `in ${inDays} days` : null;
  const nextYear = new Date(Date.now() + inDays * 86_400_000).getFullYear();
  const turns = d.year ? nextYear - d.year : null;
  const what = d.kind === 'birthday' && turns ? `turns ${turns}` : d.kind === 'anniversary' && turns ? `${turns} years` : null;
  const detail = [what, soon].filter(Boolean).join(' ') || null;
  return { title, when, detail };
}

function DateForm({ date, hasBirthday, onDone }: { date?: DateView; hasBirthday: boolean; onDone: () => void }) {
  const fetcher = useFetcher<ActionResult>();
  const [kind, setKind] = useState<DateView['kind']>(date?.kind ?? (hasBirthday ? 'anniversary' : 'birthday'));
  const intent = date ? 'edit-date' : 'add-date';
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok && fetcher.data.intent === intent) onDone();
  }, [fetcher.state, fetcher.data, intent, onDone]);
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error?.message : null;
  return (
    <fetcher.Form
      method="post"
      className="space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-700"
      aria-label={date ? 'Edit date' : 'Add a date'}
    >
      <input type="hidden" name="intent" value={intent} />
      {date ? <input type="hidden" name="id" value={date.id} /> : null}
      <div className="flex flex-wrap gap-2">
        <select
          name="kind"
          aria-label="Kind of date"
          value={kind}
          onChange={(e) => setKind(e.target.value as DateView['kind'])}
          className={fieldClass}
        >
          {(['birthday', 'anniversary', 'custom'] as const).map((k) => (
            <option key={k} value={k} disabled={k === 'birthday' && hasBirthday && date?.kind !== 'birthday'}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </select>
        {kind === 'custom' ? (
          <input
            name="label"
            aria-label="Label"
            placeholder="Label, e.g. Met"
            defaultValue={date?.label ?? ''}
            maxLength={IMPORTANT_DATE_LIMITS.label}
            required
            className={`${fieldClass} min-w-0 flex-1`}
          />
        ) : null}
      </div>
      <div className="flex gap-2">
        <input
          name="day"
          aria-label="Day"
          type="number"
          min={IMPORTANT_DATE_LIMITS.dayMin}
          max={IMPORTANT_DATE_LIMITS.dayMax}
          required
          placeholder="Day"
          defaultValue={date?.day}
          className={`${fieldClass} w-16`}
        />
        <select name="month" aria-label="Month" required defaultValue={date?.month ?? ''} className={`${fieldClass} min-w-0 flex-1`}>
          <option value="" disabled>
            Month
          </option>
          {MONTHS.map((m, i) => (
            <option key={m} value={i + 1}>
              {m}
            </option>
          ))}
        </select>
        <input
          name="year"
          aria-label="Year (optional)"
          type="number"
          min={IMPORTANT_DATE_LIMITS.yearMin}
          max={IMPORTANT_DATE_LIMITS.yearMax}
          placeholder="Year"
          defaultValue={date?.year ?? ''}
          className={`${fieldClass} w-20`}
        />
      </div>
      <FormFooter error={error} busy={fetcher.state !== 'idle'} submitLabel={date ? 'Save' : 'Add date'} onCancel={onDone} />
    </fetcher.Form>
  );
}

function DateRow({ date, hasBirthday }: { date: DateView; hasBirthday: boolean }) {
  const fetcher = useFetcher<ActionResult>();
  const [editing, setEditing] = useState(false);
  if (editing)
    return (
      <li className="py-2">
        <DateForm date={date} hasBirthday={hasBirthday} onDone={() => setEditing(false)} />
      </li>
    );
  if (fetcher.state !== 'idle') return null;
  const { title, when, detail } = describe(date);
  const Icon = date.kind === 'birthday' ? Cake : date.kind === 'anniversary' ? CalendarHeart : CalendarDays;
  return (
    <li className="group relative flex items-start gap-2 py-2 text-sm">
      <Icon className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{title}</p>
        <p className="text-slate-600 dark:text-slate-400">
          {when}
          {detail ? <span className="text-slate-500"> · {detail}</span> : null}
        </p>
      </div>
      {/* Over the text on hover or keyboard focus, so the date keeps the card's width. */}
      <span className="absolute top-1.5 right-0 hidden rounded-md bg-white shadow-sm group-focus-within:flex group-hover:flex dark:bg-slate-900">
        <button type="button" aria-label={`Edit ${title}`} className={buttonClass('ghost', 'px-1.5 py-1')} onClick={() => setEditing(true)}>
          <Pencil className="h-3.5 w-3.5" />
        </button>
        <button
          type="button"
          aria-label={`Delete ${title}`}
          className={buttonClass('ghost', 'px-1.5 py-1')}
          onClick={() => fetcher.submit({ intent: 'delete-date', id: date.id }, { method: 'post' })}
        >
          <Trash2 className="h-3.5 w-3.5" />
        </button>
      </span>
    </li>
  );
}

/** Birthday, anniversary and other yearly dates of the contact; the ones within 7 days show on Home. */
export function ImportantDatesCard({ dates }: { dates: DateView[] }) {
  const [adding, setAdding] = useState(false);
  const hasBirthday = dates.some((d) => d.kind === 'birthday');
  return (
    <Card title="Birthday and dates">
      {dates.length ? (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {dates.map((d) => (
            <DateRow key={d.id} date={d} hasBirthday={hasBirthday} />
          ))}
        </ul>
      ) : !adding ? (
        <p className="text-sm text-slate-500">No birthday yet. Add one and Kith reminds you on Home the week before.</p>
      ) : null}
      {adding ? (
        <div className="mt-2">
          <DateForm hasBirthday={hasBirthday} onDone={() => setAdding(false)} />
        </div>
      ) : (
        <button type="button" onClick={() => setAdding(true)} className={buttonClass('secondary', 'mt-3 px-2 py-1 text-xs')}>
          <Plus className="h-3.5 w-3.5" aria-hidden="true" /> {hasBirthday ? 'Add a date' : 'Add birthday or date'}
        </button>
      )}
    </Card>
  );
}
