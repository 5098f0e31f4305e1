/** The caches that hold the signed-in user's pages (the precache, Workbox's own, holds none). */
export const PAGES_CACHE = 'kith-pages';
export const DATA_CACHE = 'kith-data';

/** A page whose reading is kept: Home, the list's first page (no cursor), one contact's page. */
export function isSavedPage(url: URL): boolean {
  if (url.pathname === '/home') return true;
  if (url.pathname === '/contacts') return !url.searchParams.has('cursor');
  return /^\/contacts\/(?!new$)[^/]+$/.test(url.pathname);
}

/**
 * Forgets every page saved for offline reading: run where a session ends (the sign-in and sign-up
 * pages), so the next person on this device never reads the last one's contacts.
 */
export async function forgetSavedPages(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all([caches.delete(PAGES_CACHE), caches.delete(DATA_CACHE)]);
  navigator.serviceWorker?.controller?.postMessage({ type: 'forget-saved-pages' });
}
