import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { AlarmClock } from '../../components/icons';
import { useState } from 'react';
import { MenuRoot } from '../../components/ui/menu-root';
import { buttonClass } from '../../components/ui/button';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800';

/** Snooze for 1 day, 1 week, 1 month, or until a picked date (after `today`). */
export function SnoozeMenu({
  label,
  today,
  onSnooze,
}: {
  label: string;
  today: string;
  onSnooze: (choice: { for: 'day' | 'week' | 'month' } | { until: string }) => void;
}) {
  const [picking, setPicking] = useState(false);
  const [until, setUntil] = useState('');
  if (picking) {
    return (
      <span className="inline-flex items-center gap-1">
        <input
          type="date"
          aria-label={`Snooze ${label} until`}
          min={today}
          value={until}
          onChange={(e) => setUntil(e.target.value)}
          className="rounded-md border border-slate-300 px-1.5 py-0.5 text-xs dark:border-slate-700 dark:bg-slate-900"
        />
        <button
          type="button"
          disabled={!until || until <= today}
          className={buttonClass('secondary', 'px-2 py-1 text-xs')}
          onClick={() => onSnooze({ until })}
        >
          Snooze
        </button>
        <button type="button" className={buttonClass('ghost', 'px-2 py-1 text-xs')} onClick={() => setPicking(false)}>
          Cancel
        </button>
      </span>
    );
  }
  return (
    <MenuRoot>
      <DropdownMenu.Trigger asChild>
        <button type="button" aria-label={`Snooze ${label}`} className={buttonClass('ghost', 'px-2 py-1 text-xs max-sm:min-h-11')}>
          <AlarmClock aria-hidden className="h-3.5 w-3.5" /> Snooze
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-40 rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <DropdownMenu.Item className={itemClass} onSelect={() => onSnooze({ for: 'day' })}>
            1 day
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => onSnooze({ for: 'week' })}>
            1 week
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => onSnooze({ for: 'month' })}>
            1 month
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => setPicking(true)}>
            Pick a date…
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </MenuRoot>
  );
}
