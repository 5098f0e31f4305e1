import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { SearchRow, SearchRowChange } from '../../worker/domain/search/local/search-row';

/** Where the index stands on this device: whose it is and where the next read starts. */
export interface IndexMeta {
  userId: string;
  cursor: string;
  /** False while the first build is still reading pages: the next start goes on from `cursor`. */
  complete: boolean;
  /** Where the next read of moved scores starts (GET /search-index/scores, ADR 055); absent in an index built before it. */
  scoreCursor?: string;
  builtAt: string;
}

/**
 * The index is kept as the pages of changes that built it, in the order they came, each one
 * record holding the page as JSON text (docs/decisions/061): a put per contact cost the first
 * build more CPU than indexing them (cloning 50 000 objects into IndexedDB, a request each),
 * and one string is copied whole. Read back in order, later pages win, as when they came.
 */
interface IndexSchema extends DBSchema {
  rows: { key: number; value: string };
  meta: { key: 'state'; value: IndexMeta };
}

export const INDEX_DB = 'kith-search';

export type IndexDb = IDBPDatabase<IndexSchema>;

export async function openIndexDb(): Promise<IndexDb> {
  const idb: IndexDb = await openDB<IndexSchema>(INDEX_DB, 2, {
    upgrade(created) {
      // Version 1 kept a record per contact: built again, in the new form.
      for (const name of [...created.objectStoreNames]) created.deleteObjectStore(name);
      created.createObjectStore('rows', { autoIncrement: true });
      created.createObjectStore('meta');
    },
    // Another tab signing out deletes the database: let go of it at once.
    blocking: () => idb.close(),
  });
  return idb;
}

export const readMeta = (idb: IndexDb): Promise<IndexMeta | undefined> => idb.get('meta', 'state');

/** A saved record: a page of changes, or a page of GET /search-index as the Worker sent it (its `data` the changes). */
type SavedPage = SearchRowChange[] | { data: SearchRowChange[] };
const changesOf = (page: SavedPage): SearchRowChange[] => (Array.isArray(page) ? page : page.data);

/** The saved pages of changes, oldest first, read a few records at a time. */
export async function* savedChanges(idb: IndexDb): AsyncGenerator<SearchRowChange[]> {
  let after: number | undefined;
  for (;;) {
    const range = after === undefined ? undefined : IDBKeyRange.lowerBound(after, true);
    const keys = await idb.getAllKeys('rows', range, 4);
    if (keys.length === 0) return;
    const texts = await idb.getAll('rows', IDBKeyRange.bound(keys[0], keys[keys.length - 1]));
    for (const text of texts) yield changesOf(JSON.parse(text) as SavedPage);
    after = keys[keys.length - 1];
  }
}

/** How many records the saved index takes (pages of changes). */
export const savedPages = (idb: IndexDb): Promise<number> => idb.count('rows');

/**
 * One page of changes and the cursor after it, in one transaction: a build cut off anywhere
 * resumes right. A page of GET /search-index is saved as the text that came (`page`), so the
 * build never writes out again the megabyte it just read (docs/decisions/068).
 */
export async function writeChanges(idb: IndexDb, changes: SearchRowChange[], meta: IndexMeta, page?: string): Promise<void> {
  const tx = idb.transaction(['rows', 'meta'], 'readwrite');
  if (changes.length > 0) void tx.objectStore('rows').add(page ?? JSON.stringify(changes));
  void tx.objectStore('meta').put(meta, 'state');
  await tx.done;
}

/**
 * Saves the index as it is now in pages of `page` rows and drops the records before them, so a
 * device that synced small pages for months reads a few large ones. The new pages go after the
 * old (read in order they give the same index), and the old are dropped last: cut off
 * anywhere, what is saved still reads as the whole index.
 */
export async function rewriteSaved(idb: IndexDb, rows: SearchRow[], page: number): Promise<void> {
  const last = (await idb.getAllKeys('rows')).pop();
  for (let from = 0; from < rows.length; from += page) {
    const changes: SearchRowChange[] = rows
      .slice(from, from + page)
      .map((row) => ({ contact_id: row.id, change: 'upserted', merged_into: null, row }));
    await idb.add('rows', JSON.stringify(changes));
  }
  if (last !== undefined) await idb.delete('rows', IDBKeyRange.upperBound(last));
}

export async function clearIndex(idb: IndexDb): Promise<void> {
  const tx = idb.transaction(['rows', 'meta'], 'readwrite');
  await Promise.all([tx.objectStore('rows').clear(), tx.objectStore('meta').clear(), tx.done]);
}

/** Deletes the whole database (sign-out); waits while an open tab still holds it. */
export async function deleteIndexDb(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await deleteDB(INDEX_DB);
}
