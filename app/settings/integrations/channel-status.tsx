import type { ChannelConnectionView } from '../../../worker/domain/channels/connections';
import { useDateFormat } from '../../layout/time-zone';

const STYLE: Record<ChannelConnectionView['status'], { label: string; className: string }> = {
  connected: {
    label: 'Connected',
    className: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-300',
  },
  pending: { label: 'Connecting…', className: 'bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-950 dark:text-amber-300' },
  error: { label: 'Needs attention', className: 'bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-950 dark:text-red-300' },
  not_connected: {
    label: 'Not connected',
    className: 'bg-slate-100 text-slate-600 ring-slate-500/20 dark:bg-slate-800 dark:text-slate-300',
  },
};

/** The status pill every channel card shows in its header. */
export function ChannelStatus({ status }: { status: ChannelConnectionView['status'] }) {
  const s = STYLE[status];
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${s.className}`}>
      {s.label}
    </span>
  );
}

/** "Last synced 22 Nov 2026, 07:40" (in the user's time zone) or "Not synced yet". */
export function LastSynced({ iso }: { iso: string | null }) {
  const format = useDateFormat();
  return <>{iso ? `Last synced ${format.dateTime(iso)}` : 'Not synced yet'}</>;
}
