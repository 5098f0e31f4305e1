import { useBlocker } from '@remix-run/react';
import { useEffect } from 'react';
import { toast } from 'sonner';

/**
 * Keeps the page when the device is offline and the user follows a link: the page's data could
 * not load, and the error page would replace what they were looking at. The link works again
 * once the connection is back. (A connection that drops without the browser noticing still
 * reaches the error page, which says what happened.) Not once Kith's service worker controls the
 * page: it answers with the saved copy, or Kith's offline page (service-worker/sw.ts).
 */
export function OfflineNavigationGuard() {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !navigator.onLine && !navigator.serviceWorker?.controller && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    blocker.reset();
    toast.error('You are offline', {
      id: 'offline-navigation',
      description: 'Kith stays on this page. Follow the link again once you are back online.',
    });
  }, [blocker]);
  return null;
}
