import type { QueuedWrite } from './queued-write';
import { deleteQueueDb, deleteWrite, putWrite, readWrites } from './write-queue-db';

// The queue as the page renders it: one snapshot, refreshed whenever this tab or another changes it.
const EMPTY: QueuedWrite[] = [];
let snapshot: QueuedWrite[] = EMPTY;
const listeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;

export async function refreshWrites(): Promise<void> {
  snapshot = await readWrites();
  for (const listener of listeners) listener();
}

/** Tells this tab's components and the other tabs that the queue changed. */
export async function queueChanged(): Promise<void> {
  await refreshWrites();
  channel?.postMessage('changed');
}

export function subscribeWrites(listener: () => void): () => void {
  if (!channel && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel('kith-offline-writes');
    channel.onmessage = () => void refreshWrites();
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const writesSnapshot = () => snapshot;
export const noWrites = () => EMPTY;

/** Keeps a write that never reached Kith, to send when the connection is back. */
export async function queueWrite(write: Omit<QueuedWrite, 'at' | 'status'>): Promise<void> {
  await putWrite({ ...write, at: Date.now(), status: 'pending' });
  await queueChanged();
}

export async function discardWrite(key: string): Promise<void> {
  await deleteWrite(key);
  await queueChanged();
}

/** A refused or conflicting write made pending again (with what changed, e.g. the version the user chose). */
export async function sendAgain(write: QueuedWrite, fields: Record<string, string> = {}): Promise<void> {
  const kept = write.fields.filter(([name]) => !(name in fields));
  await putWrite({
    ...write,
    fields: [...kept, ...Object.entries(fields)],
    status: 'pending',
    error: undefined,
    code: undefined,
    failures: undefined,
    currentVersion: undefined,
  });
  await queueChanged();
}

/**
 * A refused write the user changed (a note's text, a reminder's day): a new write in its place,
 * under a new key (Kith may remember the old one with what it was), keeping its place in the order.
 */
export async function editWrite(write: QueuedWrite, fields: Record<string, string>, key: string): Promise<void> {
  await deleteWrite(write.key);
  await sendAgain({ ...write, key }, { ...fields, idempotency_key: key });
}

/** Sign-out: the queue goes with the saved pages. */
export async function forgetQueuedWrites(): Promise<void> {
  await deleteQueueDb();
  snapshot = EMPTY;
  for (const listener of listeners) listener();
}
