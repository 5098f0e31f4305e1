import { useFetcher } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { isOfflineResult, type OfflineResult } from '../http/offline-safe-action';
import type { QueuedKind, QueuedWrite } from './queued-write';
import { newWriteKey, useOpenContact } from './use-queued-writes';
import { queueWrite } from './write-queue';

/**
 * A fetcher for a contact page write that, when Kith cannot be reached, is kept on this device
 * and sent later (ADR 045) instead of lost. Each write carries a fresh idempotency key, the
 * same on every send, so a first try that did reach Kith is not written twice. `onDone` runs
 * when the write landed or was queued (the form may clear); `queued` says it waits.
 */
export function useQueueingFetcher<T extends { ok: boolean }>(
  contactId: string,
  kind: QueuedKind,
  onDone: (queued: boolean) => void,
  extra: () => Partial<QueuedWrite> = () => ({}),
) {
  const fetcher = useFetcher<T | OfflineResult>();
  const { name } = useOpenContact();
  const sent = useRef<{ key: string; data: FormData } | null>(null);
  const [queued, setQueued] = useState(false);
  const done = useRef(onDone);
  done.current = onDone;
  const more = useRef(extra);
  more.current = extra;

  useEffect(() => {
    const write = sent.current;
    if (fetcher.state !== 'idle' || !write) return;
    sent.current = null;
    if (isOfflineResult(fetcher.data)) {
      const fields = [...write.data.entries()].map(([name, value]) => [name, String(value)] as [string, string]);
      void queueWrite({ key: write.key, contactId, contactName: name, kind, fields, ...more.current() }).then(() => {
        setQueued(true);
        done.current(true);
      });
    } else if (fetcher.data?.ok) {
      setQueued(false);
      done.current(false);
    }
  }, [fetcher.state, fetcher.data, contactId, kind, name]);

  const send = (data: FormData) => {
    const key = newWriteKey();
    data.set('idempotency_key', key);
    sent.current = { key, data };
    setQueued(false);
    fetcher.submit(data, { method: 'post', action: `/contacts/${contactId}` });
  };
  const error = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok && !isOfflineResult(fetcher.data) ? fetcher.data : null;
  return { send, busy: fetcher.state !== 'idle', queued, error, data: fetcher.data };
}
