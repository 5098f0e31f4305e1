import { useEffect } from 'react';
import { toast } from 'sonner';
import { Workbox } from 'workbox-window';

const UPDATE_CHECK_EVERY_MS = 60 * 60 * 1000;

/**
 * Installs Kith's service worker (service-worker/sw.ts; built by `npm run build`, absent from
 * `npm run dev`). A new deploy's worker waits: the open page keeps the version it started with
 * until the user chooses "Reload", which hands over and reloads once the new one controls it.
 * An open page looks for a new deploy when it comes back into view and every hour.
 */
export function ServiceWorkerRegistration() {
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    const wb = new Workbox('/sw.js');
    wb.addEventListener('waiting', () => {
      toast('A new version is ready', {
        id: 'new-version',
        duration: Infinity,
        action: {
          label: 'Reload',
          onClick: () => {
            wb.addEventListener('controlling', () => window.location.reload());
            wb.messageSkipWaiting();
          },
        },
      });
    });
    void wb.register().catch(() => undefined);
    // Moving inside the app loads no document, so the browser would not look for a new deploy
    // while Kith stays open: the page asks when it is shown again, and hourly.
    const check = () => {
      if (document.visibilityState === 'visible' && navigator.onLine) void wb.update().catch(() => undefined);
    };
    document.addEventListener('visibilitychange', check);
    const hourly = window.setInterval(check, UPDATE_CHECK_EVERY_MS);
    return () => {
      document.removeEventListener('visibilitychange', check);
      window.clearInterval(hourly);
    };
  }, []);
  return null;
}
