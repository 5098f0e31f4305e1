import { useLocation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useTimeZone } from '../layout/time-zone';
import type { AnsweredFromSaved, SavedAtAnswer } from './worker-messages';

/**
 * Asks the service worker whether this page's data came from its saved copy, and from when.
 * No answer (a worker starting up on a slow phone) leaves the banner as it is: `undefined`.
 */
function savedAtOfThisPage(): Promise<number | null | undefined> {
  const worker = navigator.serviceWorker?.controller;
  if (!worker) return Promise.resolve(null);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(undefined), 10_000);
    channel.port1.onmessage = (event: MessageEvent<SavedAtAnswer>) => {
      clearTimeout(timer);
      resolve(event.data.savedAt);
    };
    worker.postMessage({ type: 'saved-at' }, [channel.port2]);
  });
}

/**
 * "Offline — showing what was saved at 14:02" (in the user's time zone): the page on screen is
 * the copy this device saved, not Kith's latest. Asked again after every navigation and when the
 * connection comes or goes.
 */
export function OfflineBanner() {
  const location = useLocation();
  const timeZone = useTimeZone();
  const [savedAt, setSavedAt] = useState<number | null>(null);
  useEffect(() => {
    let current = true;
    const ask = () => void savedAtOfThisPage().then((at) => current && at !== undefined && setSavedAt(at));
    const told = (event: MessageEvent<AnsweredFromSaved | undefined>) => {
      if (event.data?.type === 'answered-from-saved') setSavedAt(event.data.savedAt);
    };
    ask();
    window.addEventListener('online', ask);
    window.addEventListener('offline', ask);
    navigator.serviceWorker?.addEventListener('message', told);
    return () => {
      current = false;
      window.removeEventListener('online', ask);
      window.removeEventListener('offline', ask);
      navigator.serviceWorker?.removeEventListener('message', told);
    };
  }, [location.key]);
  if (savedAt === null) return null;
  const at = new Date(savedAt);
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  const dayOf = (date: Date) => new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short' }).format(date);
  const day = dayOf(at) === dayOf(new Date()) ? '' : ` on ${dayOf(at)}`;
  // Answered from the saved copy means the network failed: offline, whatever navigator.onLine says.
  return (
    <div
      role="status"
      className="sticky top-0 z-10 flex flex-wrap items-center gap-x-3 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <span>
        Offline — showing what was saved at {time}
        {day}
      </span>
      <button type="button" className="font-medium underline" onClick={() => window.location.reload()}>
        Try again
      </button>
    </div>
  );
}
