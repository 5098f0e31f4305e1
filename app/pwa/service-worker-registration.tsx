import { useEffect } from 'react';
import { toast } from 'sonner';
import { Workbox } from 'workbox-window';

/**
 * Installs Kith's service worker (service-worker/sw.ts; built by `npm run build`, absent from
 * `npm run dev`). A new deploy's worker waits: the open page keeps the version it started with
 * until the user chooses "Reload", which hands over and reloads once the new one controls it.
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
  }, []);
  return null;
}
