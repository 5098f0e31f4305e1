import { Form, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { inputClass } from '../components/ui/text-field';
import type { SettingsActionData } from './settings-actions.server';

/** Every IANA zone the runtime knows, with UTC first (supportedValuesOf leaves it out on some engines). */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', current, ...known])];
}

/** Settings → Time zone: the zone every date in Kith is shown in (detected at signup). */
export function TimeZoneCard({ timeZone, result }: { timeZone: string; result?: SettingsActionData }) {
  const busy = useNavigation().state === 'submitting';
  const [chosen, setChosen] = useState(timeZone);
  const mine = result?.intent === 'time-zone' ? result : undefined;
  return (
    <Card title="Time zone">
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="time-zone" />
        <label className="grid min-w-64 flex-1 gap-1 text-sm">
          <span className="font-medium">Show dates and times in</span>
          <select name="time_zone" aria-label="Time zone" className={inputClass} value={chosen} onChange={(e) => setChosen(e.target.value)}>
            {timeZones(timeZone).map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
        </label>
        <Button type="button" variant="ghost" onClick={() => setChosen(Intl.DateTimeFormat().resolvedOptions().timeZone)}>
          Use this device’s zone
        </Button>
        <Button type="submit" variant="secondary" disabled={busy || chosen === timeZone}>
          Save
        </Button>
      </Form>
      <p className="mt-2 text-xs text-slate-500">
        Timelines, Home, follow-ups, birthdays and Settings all use it. Kith set it from your browser when you signed up.
      </p>
      {mine?.error ? (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {mine.error}
        </p>
      ) : null}
      {mine?.message ? (
        <p role="status" className="mt-2 text-sm text-emerald-700 dark:text-emerald-400">
          {mine.message}
        </p>
      ) : null}
    </Card>
  );
}
