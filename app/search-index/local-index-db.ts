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

interface IndexSchema extends DBSchema {
  rows: { key: string; value: SearchRow };
  meta: { key: 'state'; value: IndexMeta };
}

export const INDEX_DB = 'kith-search';

export type IndexDb = IDBPDatabase<IndexSchema>;

export async function openIndexDb(): Promise<IndexDb> {
  const db: IndexDb = await openDB<IndexSchema>(INDEX_DB, 1, {
    upgrade(created) {
      created.createObjectStore('rows', { keyPath: 'id' });
      created.createObjectStore('meta');
    },
    // Another tab signing out deletes the database: let go of it at once.
    blocking: () => db.close(),
  });
  return db;
}

export const readMeta = (idb: IndexDb): Promise<IndexMeta | undefined> => idb.get('meta', 'state');

/**
 * The saved rows, a slice at a time in id order: reading all 50 000 at once held the page
 * while IndexedDB's copies were turned back into objects (docs/decisions/047).
 */
export async function* savedRows(db: IndexDb, slice: number): AsyncGenerator<SearchRow[]> {
  let after: string | undefined;
  for (;;) {
    const rows = await db.getAll('rows', after === undefined ? undefined : IDBKeyRange.lowerBound(after, true), slice);
    if (rows.length > 0) yield rows;
    if (rows.length < slice) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** One page of changes and the cursor after it, in one transaction: a build cut off anywhere resumes right. */
export async function writeChanges(db: IndexDb, changes: SearchRowChange[], meta: IndexMeta): Promise<void> {
  const tx = db.transaction(['rows', 'meta'], 'readwrite');
  const rows = tx.objectStore('rows');
  for (const change of changes) {
    if (change.row) void rows.put(change.row);
    else void rows.delete(change.contact_id);
  }
  void tx.objectStore('meta').put(meta, 'state');
  await tx.done;
}

export async function clearIndex(db: IndexDb): Promise<void> {
  const tx = db.transaction(['rows', 'meta'], 'readwrite');
  await Promise.all([tx.objectStore('rows').clear(), tx.objectStore('meta').clear(), tx.done]);
}

/** Deletes the whole database (sign-out); waits while an open tab still holds it. */
export async function deleteIndexDb(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await deleteDB(INDEX_DB);
}
