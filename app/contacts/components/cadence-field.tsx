import { useFetcher } from '@remix-run/react';
import { useState } from 'react';
import type { ContactView } from '../../../worker/domain/contacts/contact-view';
import { CADENCE_LIMITS, type Cadence } from '../../../worker/domain/keep-in-touch/calendar-dates';
import { buttonClass } from '../../components/ui/button';
import type { ActionResult } from '../contact-page-action.server';

const PRESETS: { value: string; label: string; cadence: Cadence }[] = [
  { value: '1-week', label: 'Every week', cadence: { every: 1, unit: 'week' } },
  { value: '2-week', label: 'Every 2 weeks', cadence: { every: 2, unit: 'week' } },
  { value: '1-month', label: 'Every month', cadence: { every: 1, unit: 'month' } },
  { value: '3-month', label: 'Every 3 months', cadence: { every: 3, unit: 'month' } },
  { value: '6-month', label: 'Every 6 months', cadence: { every: 6, unit: 'month' } },
  { value: '12-month', label: 'Every year', cadence: { every: 12, unit: 'month' } },
];
const fieldClass = 'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900';
const keyOf = (c: Cadence) => `${c.every}-${c.unit}`;

/** "Keep in touch every …": a preset, a custom N days/weeks/months, none, or the priority's default. */
export function CadenceField({ cadence, defaultLabel }: { cadence: ContactView['cadence']; defaultLabel: string | null }) {
  const fetcher = useFetcher<ActionResult>();
  const current =
    cadence === null
      ? 'default'
      : cadence === 'none'
        ? 'none'
        : PRESETS.some((p) => p.value === keyOf(cadence))
          ? keyOf(cadence)
          : 'custom';
  const [choice, setChoice] = useState(current);
  const [every, setEvery] = useState(cadence && cadence !== 'none' ? cadence.every : 10);
  const [unit, setUnit] = useState<Cadence['unit']>(cadence && cadence !== 'none' ? cadence.unit : 'day');
  const save = (value: Cadence | 'none' | null) =>
    fetcher.submit({ intent: 'update', patch: JSON.stringify({ cadence: value }) }, { method: 'post' });
  const handleChoice = (value: string) => {
    setChoice(value);
    if (value === 'custom') return;
    save(value === 'default' ? null : value === 'none' ? 'none' : PRESETS.find((p) => p.value === value)!.cadence);
  };
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error?.message : null;
  return (
    <div className="space-y-2">
      <label className="block text-xs font-medium text-slate-600 dark:text-slate-400" htmlFor="cadence">
        Keep in touch
      </label>
      <select
        id="cadence"
        aria-label="Keep in touch"
        value={choice}
        onChange={(e) => handleChoice(e.target.value)}
        className={`${fieldClass} w-full`}
      >
        <option value="default">{defaultLabel ? `Priority default (${defaultLabel})` : 'No cadence (priority default: none)'}</option>
        <option value="none">Never remind me</option>
        {PRESETS.map((p) => (
          <option key={p.value} value={p.value}>
            {p.label}
          </option>
        ))}
        <option value="custom">Custom…</option>
      </select>
      {choice === 'custom' ? (
        <div className="flex items-center gap-2">
          <span className="text-sm">Every</span>
          <input
            aria-label="Every how many"
            type="number"
            min={CADENCE_LIMITS.everyMin}
            max={CADENCE_LIMITS.everyMax}
            value={every}
            onChange={(e) => setEvery(Number(e.target.value))}
            className={`${fieldClass} w-20`}
          />
          <select aria-label="Unit" value={unit} onChange={(e) => setUnit(e.target.value as Cadence['unit'])} className={fieldClass}>
            <option value="day">days</option>
            <option value="week">weeks</option>
            <option value="month">months</option>
          </select>
          <button
            type="button"
            className={buttonClass('secondary', 'px-2 py-1 text-xs')}
            disabled={fetcher.state !== 'idle'}
            onClick={() => save({ every, unit })}
          >
            Save
          </button>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
