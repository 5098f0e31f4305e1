import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import type { AnsweredFromSaved, SavedAtAnswer, ToServiceWorker } from '../app/pwa/worker-messages';
import {
  DATA_CACHE,
  documentUrlOf,
  DOCUMENT_FRESH_FOR_MS,
  isPageRouteData,
  isSavedData,
  isSavedPage,
  OFFLINE_PAGE,
  PAGES_CACHE,
  routeDataOf,
  SAVED_AT_HEADER,
  SAVED_FOR_SECONDS,
  SAVED_PAGES_AT_MOST,
} from './saved-pages';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

// The app shell of this build (hashed scripts and styles, icons, Kith's offline page), by version:
// scripts/build-service-worker.mjs writes the list here. A new deploy's worker waits until the
// user chooses "Reload", so an open page keeps the files it started with.
// `from` names the page the offline page stands in for: the precached copy answers any of them.
precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/^from$/, /^utm_/] });
cleanupOutdatedCaches();
clientsClaim();

/** Per page (client id): when the copy it was last answered with from the cache was saved. */
const answeredFromCache = new Map<string, number>();
const clientOf = (event: ExtendableEvent | undefined) => {
  const fetchEvent = event as FetchEvent | undefined;
  return fetchEvent?.resultingClientId || fetchEvent?.clientId || '';
};

const stampAndRemember: WorkboxPlugin = {
  // The copy kept says when it was saved; only a full answer is kept (not a redirect or an error:
  // a signed-out visit is redirected to the sign-in page).
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200 || response.redirected) return null;
    const headers = new Headers(response.headers);
    headers.set(SAVED_AT_HEADER, String(Date.now()));
    return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
  },
  fetchDidSucceed: async ({ event, response }) => {
    answeredFromCache.delete(clientOf(event));
    return response;
  },
  cachedResponseWillBeUsed: async ({ event, cachedResponse }) => {
    const savedAt = Number(cachedResponse?.headers.get(SAVED_AT_HEADER));
    if (cachedResponse && savedAt) {
      const clientId = clientOf(event);
      answeredFromCache.set(clientId, savedAt);
      // Told as well as asked: on a busy phone the page's question can outlast its patience.
      const told: AnsweredFromSaved = { type: 'answered-from-saved', savedAt };
      void self.clients.get(clientId).then((client) => client?.postMessage(told));
    }
    return cachedResponse;
  },
};

const expiry = () => new ExpirationPlugin({ maxAgeSeconds: SAVED_FOR_SECONDS, maxEntries: SAVED_PAGES_AT_MOST, purgeOnQuotaError: true });

const offlineUrl = (url: URL) => `${OFFLINE_PAGE}?from=${encodeURIComponent(url.pathname + url.search)}`;
const savedDocument = (url: URL) => caches.match(url.href, { cacheName: PAGES_CACHE });

/**
 * A document that could not load and was never saved: a redirect to Kith's own offline page
 * (precached), never the browser's error page. A redirect, not the page itself at this address:
 * Remix would hydrate the offline page's HTML as the route the address names.
 */
const offlinePage = (url: URL) => Response.redirect(offlineUrl(url), 302);

/**
 * Loader data that could not load and was never saved, in Remix's own redirect form for a
 * `_data` answer: to the page's saved document when there is one (read as a whole page), else to
 * the offline page, which has no loader and so opens without the network.
 */
const offlineRedirect = async (url: URL) => {
  const page = documentUrlOf(url);
  const saved = await savedDocument(page);
  const headers: Record<string, string> = saved
    ? { 'X-Remix-Redirect': page.pathname + page.search, 'X-Remix-Reload-Document': 'true' }
    : { 'X-Remix-Redirect': offlineUrl(page) };
  return new Response(null, { status: 204, headers: { ...headers, 'X-Remix-Status': '302' } });
};
const offlineAnswer: WorkboxPlugin = {
  handlerDidError: async ({ request }) => (request.mode === 'navigate' ? offlinePage : offlineRedirect)(new URL(request.url)),
};

const pages = new NetworkFirst({ cacheName: PAGES_CACHE, plugins: [stampAndRemember, expiry(), offlineAnswer] });

/**
 * A page opened inside the app fetches its data, not its document; but an app started offline
 * (from the home screen) opens a document. So beside a page's fresh data, its document is kept
 * too, fetched again at most hourly.
 */
const keepDocumentBeside: WorkboxPlugin = {
  fetchDidSucceed: async ({ request, response, event }) => {
    const url = new URL(request.url);
    if (response.status !== 200 || !isPageRouteData(url) || !event) return response;
    const page = documentUrlOf(url);
    event.waitUntil(
      savedDocument(page).then((saved) => {
        if (Date.now() - Number(saved?.headers.get(SAVED_AT_HEADER) ?? 0) < DOCUMENT_FRESH_FOR_MS) return;
        const documentRequest = new Request(page, { credentials: 'same-origin', redirect: 'manual', headers: { accept: 'text/html' } });
        return pages.handle({ request: documentRequest, event: event as FetchEvent }).then(() => undefined);
      }),
    );
    return response;
  },
};

registerRoute(({ request, url }) => request.mode === 'navigate' && isSavedPage(url), pages);
registerRoute(({ request }) => request.mode === 'navigate', new NetworkOnly({ plugins: [offlineAnswer] }));
registerRoute(
  ({ url }) => isSavedData(url),
  new NetworkFirst({ cacheName: DATA_CACHE, plugins: [stampAndRemember, keepDocumentBeside, expiry(), offlineAnswer] }),
);
registerRoute(({ url, request }) => request.method === 'GET' && routeDataOf(url) !== null, new NetworkOnly({ plugins: [offlineAnswer] }));

self.addEventListener('message', (event) => {
  const message = event.data as ToServiceWorker;
  const source = event.source as Client | null;
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (message?.type === 'saved-at') {
    const answer: SavedAtAnswer = { savedAt: (source && answeredFromCache.get(source.id)) ?? null };
    event.ports[0]?.postMessage(answer);
  }
  if (message?.type === 'forget-saved-pages') {
    answeredFromCache.clear();
    event.waitUntil(Promise.all([caches.delete(PAGES_CACHE), caches.delete(DATA_CACHE)]).then(() => event.ports[0]?.postMessage(true)));
  }
});

/** A reminder pushed by Kith (worker/domain/push/web-push.ts): shown as the phone's notification. */
interface PushNotice {
  title: string;
  body: string;
  url: string;
  tag: string;
}

self.addEventListener('push', (event) => {
  const notice = event.data?.json() as PushNotice | undefined;
  if (!notice) return;
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/maskable-192.png',
      data: { url: notice.url },
    }),
  );
});

/** A tap opens the contact (with "Log it" one tap away): in a Kith window already open, else a new one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: string } | null)?.url ?? '/home';
  const url = new URL(path.startsWith('/') && !path.startsWith('//') ? path : '/home', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows[0];
      if (open) return (await open.navigate(url))?.focus();
      return self.clients.openWindow(url);
    }),
  );
});
