import { useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { api, dataOf } from '../api/client';

/** How long a delete waits for Undo before it is sent. */
const UNDO_MS = 6_000;

/** Dispatched on window once contacts were deleted for good: lists reload. */
export const CONTACTS_DELETED_EVENT = 'kith:contacts-deleted';

// Deletes still waiting, kept where a reload finds them: a page that closes sends them at once
// (keepalive), and the next page sends any that did not make it, so a confirmed delete is
// never lost with the tab.
const STORAGE_KEY = 'kith:pending-deletes';

interface PendingDelete {
  ids: string[];
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Contact deletes wait a few seconds before they reach Kith, so Undo is simply not sending them
 * (the way "undo send" works in mail). Meanwhile the contacts are hidden from lists. Chosen over
 * a server-side trash: a deleted contact has rows in a dozen tables, and holding them
 * restorable would mean every query skipping trashed rows.
 */
let pending: PendingDelete[] = [];
let hidden: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();

function setPending(next: PendingDelete[]) {
  pending = next;
  hidden = new Set(pending.flatMap((p) => p.ids));
  try {
    if (pending.length) localStorage.setItem(STORAGE_KEY, JSON.stringify(pending.map((p) => p.ids)));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage may be off (private mode): the keepalive send on close still covers most cases.
  }
  for (const listener of listeners) listener();
}

const drop = (entry: PendingDelete) => setPending(pending.filter((p) => p !== entry));

const deleteRequest = (ids: string[], keepalive = false) =>
  dataOf(api.contacts.bulk.$post({ json: { ids, action: 'delete' } }, { init: { keepalive } }));

async function send(entry: PendingDelete, label: string | null) {
  try {
    await deleteRequest(entry.ids);
  } catch (error) {
    // A left-over delete whose keepalive did arrive finds its contacts gone already: done.
    if (label) toast.error(`${label} could not be deleted`, { description: error instanceof Error ? error.message : undefined });
  } finally {
    drop(entry);
    // Either way the lists reload to what Kith holds: a page may have loaded its rows before a
    // keepalive delete from the page before arrived.
    window.dispatchEvent(new Event(CONTACTS_DELETED_EVENT));
  }
}

function schedule(ids: string[], label: string | null, delay: number): PendingDelete {
  const entry: PendingDelete = { ids, timer: setTimeout(() => void send(entry, label), delay) };
  setPending([...pending, entry]);
  return entry;
}

if (typeof window !== 'undefined') {
  try {
    const leftOver = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as string[][];
    for (const ids of leftOver) if (Array.isArray(ids) && ids.length) schedule(ids, null, 0);
  } catch {
    localStorage.removeItem(STORAGE_KEY);
  }
  window.addEventListener('pagehide', () => {
    for (const p of pending) void deleteRequest(p.ids, true).catch(() => {});
  });
}

/** Deletes the contacts after UNDO_MS unless the toast's Undo is pressed; `onUndo` runs when it is. */
export function deleteWithUndo(ids: string[], label: string, { onUndo }: { onUndo?: () => void } = {}) {
  const entry = schedule(ids, label, UNDO_MS);
  toast(`Deleted ${label}`, {
    duration: UNDO_MS,
    action: {
      label: 'Undo',
      onClick: () => {
        clearTimeout(entry.timer);
        drop(entry);
        toast.success(`Restored ${label}`);
        onUndo?.();
      },
    },
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const EMPTY: ReadonlySet<string> = new Set();

/** The ids of contacts deleted but still undoable: lists leave them out. */
export const usePendingDeletes = () =>
  useSyncExternalStore(
    subscribe,
    () => hidden,
    () => EMPTY,
  );
