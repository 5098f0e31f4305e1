import { ApiError } from '../api/client';
import { LocalSearchIndex, type LocalPage } from '../../worker/domain/search/local/local-search-index';
import type { ContactSort } from '../../worker/domain/search/contact-sorts';
import { dueFromIndex } from '../../worker/domain/search/local/local-agenda';
import type { RowFilter } from '../../worker/domain/search/local/local-filters';
import type { SearchRow } from '../../worker/domain/search/local/search-row';
import { parseSearch, phoneDigits } from '../../worker/domain/search/search-terms';
import { applyInSlices } from './build-in-slices';
import { markIndexHeld, takeHeadStart } from './first-build-head-start';
import { activeContacts, scoreHead, scoresSince, searchIndexPage, type IndexPageRead } from './index-requests';
import {
  clearIndex,
  deleteIndexDb,
  openIndexDb,
  readMeta,
  rewriteSaved,
  savedChanges,
  writeChanges,
  type IndexDb,
  type IndexMeta,
} from './local-index-db';
import {
  LOCAL_INDEX_CEILING,
  LOCAL_INDEX_FIRST_SORT,
  LOCAL_INDEX_PAGE,
  LOCAL_INDEX_PAGES_KEPT,
  LOCAL_INDEX_SYNC_MS,
} from './local-index-limits';

/** Where this device's search index stands, for the list, the palette and Settings. */
export type LocalIndexState =
  | { kind: 'off' }
  | { kind: 'building'; rows: number; of: number | null }
  | { kind: 'ready'; rows: number; syncedAt: number }
  | { kind: 'server-only'; contacts: number }
  | { kind: 'unavailable' };

let state: LocalIndexState = { kind: 'off' };
let index = new LocalSearchIndex();
let db: IndexDb | null = null;
let meta: IndexMeta | null = null;
let running: Promise<void> | null = null;
let generation = 0;
let timer: ReturnType<typeof setInterval> | undefined;
/** Settles once this page has read the index the device holds (or found none). */
let deviceRead: Promise<void> = Promise.resolve();
const listeners = new Set<() => void>();

function set(next: LocalIndexState) {
  state = next;
  for (const listener of listeners) listener();
}

export const localIndexState = () => state;
export function subscribeLocalIndex(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether this device holds the whole index, so a page drawn from it (Home's agenda offline) can open. */
export const holdsWholeIndex = (): boolean => state.kind === 'ready' || (state.kind === 'building' && meta?.complete === true);

/** The local answer to a search (with the list's filters the index applies), or null when the index cannot give the server's (not built, a phone number...). */
export function searchLocally(q: string, sort: ContactSort, limit: number, filter?: RowFilter): LocalPage | null {
  if (state.kind !== 'ready' && !(state.kind === 'building' && meta?.complete)) return null;
  return index.search(q, sort, limit, filter);
}

/** Whether this device's index answers a plain search for `q` now, without a search being run. */
export const answersNow = (q: string): boolean =>
  (state.kind === 'ready' || (state.kind === 'building' && meta?.complete === true)) &&
  (parseSearch(q)?.words.length ?? 0) > 0 &&
  !phoneDigits(q);

/**
 * Whether this device's index answers a plain search offline. A page just opened may still be
 * reading the index from IndexedDB (seconds on a slow phone): the answer waits for that read,
 * because asking the server instead fails without a network and takes the page with it.
 */
export async function answersOffline(q: string, sort: ContactSort): Promise<boolean> {
  await deviceRead;
  return searchLocally(q, sort, 1) !== null;
}

/** The contacts due by `until` (a local date) from this device's index, once read from the device; null when it holds no whole index. */
export async function dueLocally(until: string): Promise<SearchRow[] | null> {
  await deviceRead;
  if (state.kind !== 'ready' && !(state.kind === 'building' && meta?.complete)) return null;
  return dueFromIndex(index.rows(), until);
}

/**
 * Reads pages from the cursor until none is left, writing each page with its cursor. The next
 * page is asked for as soon as this one's cursor is known, so the Worker prepares it while the
 * page indexes this one; the writes go on beside (IndexedDB keeps them in order) and are all
 * done before this returns (docs/decisions/061).
 */
async function follow(mine: number, userId: string, first?: IndexPageRead): Promise<void> {
  if (mine !== generation || !db || !meta) return;
  let next = first ?? searchIndexPage(meta.cursor);
  let written: Promise<unknown> = Promise.resolve();
  try {
    for (;;) {
      const { body, text } = await next;
      if (mine !== generation || !db || !meta) return;
      if (body.meta.has_more) {
        next = searchIndexPage(body.meta.cursor);
        // Dropped unread when the build is (sign-out): not an unhandled rejection.
        next.catch(() => undefined);
      }
      // A first build is searched only once whole: its orders may wait for the last page.
      const partly = !meta.complete && body.meta.has_more;
      if (!(await applyInSlices(index, body.data, LOCAL_INDEX_FIRST_SORT, () => mine !== generation, partly))) return;
      meta = { ...meta, userId, cursor: body.meta.cursor, complete: meta.complete || !body.meta.has_more };
      written = Promise.all([written, writeChanges(db, body.data, meta, text)]);
      written.catch(() => undefined);
      if (!meta.complete) set({ kind: 'building', rows: index.size, of: state.kind === 'building' ? state.of : null });
      if (!body.meta.has_more) return;
    }
  } finally {
    await written;
  }
}

/**
 * The scores moved since the index's score cursor (the nightly refresh changes no card, so the
 * card pages never bring them, docs/decisions/055): the same rows, applied the same way.
 */
async function followScores(mine: number): Promise<void> {
  for (;;) {
    if (mine !== generation || !db || !meta) return;
    // An index built before the log existed reads it from its beginning.
    const since = meta.scoreCursor ?? '0';
    const body = await scoresSince(since);
    if (mine !== generation) return;
    if (!(await applyInSlices(index, body.data, LOCAL_INDEX_FIRST_SORT, () => mine !== generation))) return;
    meta = { ...meta, scoreCursor: body.meta.cursor };
    await writeChanges(db, body.data, meta);
    if (!body.meta.has_more) return;
  }
}

/** Opens the device's index and reads what it holds into memory; null when the work was dropped meanwhile. */
async function readDevice(mine: number, userId: string): Promise<IndexDb | null> {
  const opened = (db = await openIndexDb());
  const saved = await readMeta(opened);
  if (mine !== generation) return null;
  if (saved?.userId === userId) {
    // Read and indexed in slices, into an index of its own until whole.
    const loaded = new LocalSearchIndex();
    let pages = 0;
    for await (const changes of savedChanges(opened)) {
      pages++;
      if (mine !== generation || !(await applyInSlices(loaded, changes, LOCAL_INDEX_FIRST_SORT, () => mine !== generation, true)))
        return null;
    }
    loaded.rankOrder(LOCAL_INDEX_FIRST_SORT);
    meta = saved;
    index = loaded;
    // What the device holds answers at once, offline too; the sync below brings it up to date.
    if (meta.complete) set({ kind: 'ready', rows: index.size, syncedAt: 0 });
    markIndexHeld(userId);
    // Months of 30-second syncs leave many small pages: saved again as few large ones.
    if (meta.complete && pages > LOCAL_INDEX_PAGES_KEPT + Math.ceil(index.size / LOCAL_INDEX_PAGE))
      await rewriteSaved(opened, [...index.rows()], LOCAL_INDEX_PAGE);
  } else {
    // Nothing yet, or another person's index on this device.
    markIndexHeld(null);
    await clearIndex(opened);
    meta = null;
  }
  return opened;
}

async function run(mine: number, userId: string): Promise<void> {
  try {
    let opened = db;
    if (!opened) {
      const reading = readDevice(mine, userId);
      deviceRead = reading.then(
        () => undefined,
        () => undefined,
      );
      opened = await reading;
      if (!opened) return;
    }
    let first: IndexPageRead | undefined;
    // Asked for before the page hydrated, for a build from the beginning only (docs/decisions/080).
    const early = takeHeadStart(userId);
    if (!meta?.complete) {
      const head = meta ? null : early;
      // Where the scores' log stands comes before the snapshot, so no move is missed meanwhile
      // (a server without the log yet, a deploy under way, still builds the index); the count
      // and the first page are then asked for together (docs/decisions/068).
      const scoreCursor = meta ? meta.scoreCursor : await (head?.scoreCursor ?? scoreHead().catch(() => undefined));
      first = head?.first ?? searchIndexPage(meta?.cursor ?? '');
      // Dropped unread over the ceiling: not an unhandled rejection.
      first.catch(() => undefined);
      const contacts = await (head?.contacts ?? activeContacts());
      if (contacts > LOCAL_INDEX_CEILING) {
        markIndexHeld(null);
        await clearIndex(opened);
        index = new LocalSearchIndex();
        meta = null;
        return set({ kind: 'server-only', contacts });
      }
      meta ??= { userId, cursor: '', complete: false, builtAt: new Date().toISOString(), scoreCursor };
      markIndexHeld(userId);
      set({ kind: 'building', rows: index.size, of: contacts });
    }
    await follow(mine, userId, first);
    if (mine === generation) set({ kind: 'ready', rows: index.size, syncedAt: Date.now() });
    await followScores(mine);
  } catch (error) {
    if (mine !== generation) return;
    if (error instanceof ApiError && error.code === 'cursor_expired' && db) {
      // Deletions older than the kept tombstones were missed: build again from the beginning.
      markIndexHeld(null);
      await clearIndex(db);
      index = new LocalSearchIndex();
      meta = null;
      return run(mine, userId);
    }
    if (typeof indexedDB === 'undefined') return set({ kind: 'unavailable' });
    // Offline or refused: what the index holds still answers; the next sync goes on.
  }
}

/** Builds the signed-in user's index, or brings it up to date; one run at a time. */
export function syncLocalIndex(userId: string): Promise<void> {
  if (typeof indexedDB === 'undefined') {
    set({ kind: 'unavailable' });
    return Promise.resolve();
  }
  if (state.kind === 'server-only') return Promise.resolve();
  running ??= run(generation, userId).finally(() => (running = null));
  return running;
}

/** Keeps the index current while the app is open: now, every 30 s while visible, and back online. */
export function keepLocalIndex(userId: string): () => void {
  const sync = () => {
    if (document.visibilityState === 'visible') void syncLocalIndex(userId);
  };
  sync();
  timer = setInterval(sync, LOCAL_INDEX_SYNC_MS);
  window.addEventListener('online', sync);
  document.addEventListener('visibilitychange', sync);
  return () => {
    clearInterval(timer);
    window.removeEventListener('online', sync);
    document.removeEventListener('visibilitychange', sync);
  };
}

/** Sign-out: forgets the index in memory and on the device, so the next person never searches the last one's contacts. */
export async function forgetLocalIndex(): Promise<void> {
  generation++;
  clearInterval(timer);
  index = new LocalSearchIndex();
  meta = null;
  db?.close();
  db = null;
  set({ kind: 'off' });
  markIndexHeld(null);
  await deleteIndexDb();
}
