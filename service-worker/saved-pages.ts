/**
 * The pages Kith keeps for reading offline (issue #43): the contact list's first page, the people
 * due (Home) and every contact opened, as the document a cold start loads and as the loader data
 * (`?_data=<route id>`: this Remix runs without single fetch) a click inside the app fetches.
 */
import { isSavedPage } from '../app/pwa/saved-caches';

const SAVED_ROUTE_DATA = new Set([
  'root',
  'routes/_app',
  'routes/_app.home',
  'routes/_app._contact-list',
  'routes/_app._contact-list.contacts._index',
  'routes/_app.contacts.$id',
]);

/** Loader data Remix fetches for a client-side navigation, `null` when the request is not one. */
export function routeDataOf(url: URL): string | null {
  return url.searchParams.get('_data');
}

/** The route whose data is the page itself (not a layout's): the document is kept beside it. */
const PAGE_ROUTES = new Set(['routes/_app.home', 'routes/_app._contact-list.contacts._index', 'routes/_app.contacts.$id']);
export function isPageRouteData(url: URL): boolean {
  return PAGE_ROUTES.has(routeDataOf(url) ?? '');
}

/** The document's address for loader data's. */
export function documentUrlOf(url: URL): URL {
  const page = new URL(url);
  page.searchParams.delete('_data');
  return page;
}

/** A saved document at most this old is not fetched again beside its data. */
export const DOCUMENT_FRESH_FOR_MS = 60 * 60 * 1000;

export function isSavedData(url: URL): boolean {
  const route = routeDataOf(url);
  return route !== null && SAVED_ROUTE_DATA.has(route) && isSavedPage(url);
}

/** Kept for 30 days after it was last fetched; a few hundred pages at most. */
export const SAVED_FOR_SECONDS = 30 * 24 * 60 * 60;
export const SAVED_PAGES_AT_MOST = 400;

export { DATA_CACHE, PAGES_CACHE, isSavedPage } from '../app/pwa/saved-caches';
/** When a response was saved, stamped on the cached copy (the banner says it). */
export const SAVED_AT_HEADER = 'x-kith-saved-at';
/** Kith's own page for a link followed offline that was never saved. */
export const OFFLINE_PAGE = '/offline';
