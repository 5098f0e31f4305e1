import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { QueuedWrite } from './queued-write';

interface QueueSchema extends DBSchema {
  writes: { key: string; value: QueuedWrite; indexes: { at: number } };
}

export const QUEUE_DB = 'kith-offline-writes';

let opened: Promise<IDBPDatabase<QueueSchema>> | null = null;

function queueDb(): Promise<IDBPDatabase<QueueSchema>> {
  opened ??= openDB<QueueSchema>(QUEUE_DB, 1, {
    upgrade(created) {
      created.createObjectStore('writes', { keyPath: 'key' }).createIndex('at', 'at');
    },
    // Another tab signing out deletes the database: let go of it at once.
    blocking: () => {
      void opened?.then((db) => db.close());
      opened = null;
    },
  });
  return opened;
}

/** Every queued write, oldest first. */
export async function readWrites(): Promise<QueuedWrite[]> {
  if (typeof indexedDB === 'undefined') return [];
  return (await queueDb()).getAllFromIndex('writes', 'at');
}

export async function putWrite(write: QueuedWrite): Promise<void> {
  await (await queueDb()).put('writes', write);
}

export async function deleteWrite(key: string): Promise<void> {
  await (await queueDb()).delete('writes', key);
}

/** Forgets every queued write (sign-out): the next person on this device sends none of them. */
export async function deleteQueueDb(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  if (opened) (await opened).close();
  opened = null;
  await deleteDB(QUEUE_DB);
}
