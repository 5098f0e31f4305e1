import { activeContacts, scoreHead, searchIndexPage, type IndexPageRead } from './index-requests';

/**
 * A first build's opening requests, asked for before the page hydrates (docs/decisions/080): on
 * a phone-class CPU a page takes seconds to hydrate, and the Worker prepares the snapshot's first
 * page meanwhile. Asked for only where this device holds no index of the signed-in person, whole
 * or begun (a mark in localStorage, readable at once, where IndexedDB needs an open first): a
 * device with its index spends nothing, and a build cut off goes on from its saved cursor.
 */
export interface HeadStart {
  userId: string;
  scoreCursor: Promise<string | undefined>;
  first: IndexPageRead;
  contacts: Promise<number>;
}

const INDEX_HELD_MARK = 'kith-search-held-for';
let headStart: HeadStart | null = null;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage refused (a sandboxed frame, some private modes): no head start, the build as before.
    return null;
  }
}

/** This device holds `userId`'s index, whole or begun (or, null, none): the next page load asks for nothing early. */
export function markIndexHeld(userId: string | null): void {
  const store = storage();
  if (!store) return;
  if (userId) store.setItem(INDEX_HELD_MARK, userId);
  else store.removeItem(INDEX_HELD_MARK);
}

/** Called before hydration on a signed-in page: asks for the score cursor, then the first page, and the count beside. */
export function startFirstBuildEarly(userId: string): void {
  const store = storage();
  if (!store || typeof indexedDB === 'undefined' || store.getItem(INDEX_HELD_MARK) === userId) return;
  // The scores' cursor before the snapshot, as the build asks for them (docs/decisions/068).
  const scoreCursor = scoreHead().catch(() => undefined);
  const first = scoreCursor.then(() => searchIndexPage(''));
  const contacts = activeContacts();
  // Dropped unread when the device holds an index after all: not unhandled rejections.
  first.catch(() => undefined);
  contacts.catch(() => undefined);
  headStart = { userId, scoreCursor, first, contacts };
}

/** The head start for `userId`'s build from the beginning, once; null when there is none. */
export function takeHeadStart(userId: string): HeadStart | null {
  const taken = headStart?.userId === userId ? headStart : null;
  headStart = null;
  return taken;
}
