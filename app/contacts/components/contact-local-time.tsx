import { Clock } from '../../components/icons';
import { useEffect, useState } from 'react';

const format = (timeZone: string, now: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', weekday: 'short' }).format(now);

/** The contact's local time, from the time zone at their geocoded location; ticks every minute. */
export function ContactLocalTime({ timeZone, place }: { timeZone: string; place: string | null }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className="flex items-center gap-1 text-sm text-slate-500" title={`Time zone ${timeZone}${place ? `, from “${place}”` : ''}`}>
      <Clock className="h-3.5 w-3.5" aria-hidden="true" />
      <span suppressHydrationWarning>{format(timeZone, now)}</span> local time{' '}
      <span className="text-xs">({timeZone.replace(/_/g, ' ')})</span>
    </p>
  );
}
