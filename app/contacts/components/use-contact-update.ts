import { useEffect, useRef } from 'react';
import { isOfflineResult } from '../../http/offline-safe-action';
import { useWriteFetcher } from '../../http/use-write-fetcher';
import type { QueuedWrite } from '../../offline-writes/queued-write';
import { newWriteKey, useOpenContact } from '../../offline-writes/use-queued-writes';
import { queueWrite } from '../../offline-writes/write-queue';
import type { ActionResult } from '../contact-page-action.server';

/**
 * Saves a partial contact patch through the page's action. `onSaved` runs once the save
 * succeeded; the error (a 409 duplicate identifier, or no connection) stays available for the
 * field, and a save that never reached Kith offers Retry in a toast. A save that names its
 * `edit` (a field's text, from and to) is instead kept on this device and sent when Kith can be
 * reached (ADR 045), on the contact's version it was made on, so it never overwrites a change
 * made meanwhile; `onSaved` runs once it is kept.
 */
export function useContactUpdate(onSaved: () => void) {
  const queued = useRef<Omit<QueuedWrite, 'at' | 'status'> | null>(null);
  const fetcher = useWriteFetcher<ActionResult>(() => queued.current !== null);
  const { id, version } = useOpenContact();
  const pending = useRef(false);
  // The last save was kept to send later: its "no connection" answer is no error of the field.
  const kept = useRef(false);
  const savedRef = useRef(onSaved);
  savedRef.current = onSaved;
  useEffect(() => {
    if (fetcher.state !== 'idle' || !pending.current) return;
    pending.current = false;
    const write = queued.current;
    if (fetcher.data?.ok) savedRef.current();
    else if (write && isOfflineResult(fetcher.data)) {
      kept.current = true;
      void queueWrite(write).then(() => savedRef.current());
    }
    queued.current = null;
  }, [fetcher.state, fetcher.data]);
  return {
    save: (patch: Record<string, unknown>, edit?: QueuedWrite['edit']) => {
      pending.current = true;
      kept.current = false;
      const key = newWriteKey();
      const fields: Record<string, string> = { intent: 'update', patch: JSON.stringify(patch), idempotency_key: key };
      queued.current =
        edit && id && version
          ? { key, contactId: id, kind: 'edit', edit, fields: Object.entries({ ...fields, base_version: version }) }
          : null;
      fetcher.submit(fields, { method: 'post' });
    },
    busy: fetcher.state !== 'idle',
    error: fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok && !kept.current ? fetcher.data.error : undefined,
  };
}
