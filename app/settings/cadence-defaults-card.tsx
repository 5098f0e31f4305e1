import { useFetcher } from '@remix-run/react';
import type { CadenceDefaults } from '../../worker/domain/keep-in-touch/cadence-defaults';
import { CADENCE_LIMITS } from '../../worker/domain/keep-in-touch/calendar-dates';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import type { KeepInTouchActionData } from './keep-in-touch-actions.server';

const fieldClass = 'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900';
const ROWS = [
  { priority: 'high', label: 'High priority' },
  { priority: 'medium', label: 'Medium priority' },
  { priority: 'low', label: 'Low priority' },
] as const;

/** Settings → a default "keep in touch every …" per priority (none unless set). */
export function CadenceDefaultsCard({ defaults }: { defaults: CadenceDefaults }) {
  const fetcher = useFetcher<KeepInTouchActionData>();
  const data = fetcher.data?.intent === 'cadence-defaults' ? fetcher.data : undefined;
  return (
    <Card title="Keep in touch: default cadence">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        How often to be reminded of a contact of each priority, counted from your last interaction. Leave empty for none. A contact&apos;s
        own cadence (on its page) wins; archived contacts are never due.
      </p>
      <fetcher.Form method="post" className="mt-4 space-y-3" aria-label="Default cadence per priority">
        <input type="hidden" name="intent" value="cadence-defaults" />
        {ROWS.map(({ priority, label }) => (
          <div key={priority} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="w-full font-medium sm:w-32 sm:font-normal">{label}</span>
            <span>every</span>
            <input
              name={`${priority}_every`}
              aria-label={`${label}: every how many`}
              type="number"
              min={CADENCE_LIMITS.everyMin}
              max={CADENCE_LIMITS.everyMax}
              placeholder="—"
              defaultValue={defaults[priority]?.every ?? ''}
              className={`${fieldClass} w-20`}
            />
            <select
              name={`${priority}_unit`}
              aria-label={`${label}: unit`}
              defaultValue={defaults[priority]?.unit ?? 'month'}
              className={fieldClass}
            >
              <option value="day">days</option>
              <option value="week">weeks</option>
              <option value="month">months</option>
            </select>
          </div>
        ))}
        {data?.error ? (
          <p role="alert" className="text-sm text-red-600">
            {data.error}
          </p>
        ) : null}
        {data?.message ? (
          <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
            {data.message}
          </p>
        ) : null}
        <Button type="submit" disabled={fetcher.state !== 'idle'}>
          Save cadences
        </Button>
      </fetcher.Form>
    </Card>
  );
}
