import { useBlocker } from '@remix-run/react';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { isSavedPage } from '../pwa/saved-caches';
import { holdsWholeIndex } from '../search-index/local-index';

/** Pages drawn from this device's search index when offline (docs/decisions/040): Home's agenda. */
const FROM_THE_INDEX = new Set(['/home']);

/**
 * Keeps the page when the device is offline and the user follows a link: the page's data could
 * not load, and the error page (or Kith's offline page) would replace what they were looking at,
 * a half-typed form included. The link works again once the connection is back. Only a page this
 * device keeps for reading offline (service-worker/sw.ts) opens, from its saved copy, and Home,
 * whose agenda this device's search index draws. (A
 * connection that drops without the browser noticing still reaches the error page, which says
 * what happened.)
 */
export function OfflineNavigationGuard() {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (navigator.onLine || currentLocation.pathname === nextLocation.pathname) return false;
    const readableOffline =
      navigator.serviceWorker?.controller && isSavedPage(new URL(nextLocation.pathname + nextLocation.search, location.origin));
    return !readableOffline && !(FROM_THE_INDEX.has(nextLocation.pathname) && holdsWholeIndex());
  });
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
