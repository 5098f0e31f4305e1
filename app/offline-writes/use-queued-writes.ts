import { useParams, useRevalidator, useRouteLoaderData } from '@remix-run/react';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { QueuedKind, QueuedWrite } from './queued-write';
import { replayWrites } from './replay-writes';
import { noWrites, refreshWrites, subscribeWrites, writesSnapshot } from './write-queue';

/** While writes wait, how often the page tries again without being told the connection is back. */
const RETRY_EVERY_MS = 30_000;

/** The queued writes of one contact, oldest first, of the kinds asked for. */
export function useQueuedWrites(contactId: string | undefined, kinds: readonly QueuedKind[]): QueuedWrite[] {
  const all = useSyncExternalStore(subscribeWrites, writesSnapshot, noWrites);
  const wanted = kinds.join();
  return useMemo(() => all.filter((w) => w.contactId === contactId && wanted.split(',').includes(w.kind)), [all, contactId, wanted]);
}

/** The open contact page's contact: its id, name and the version (updated_at) its data was read at. */
export function useOpenContact(): { id: string | undefined; name: string | undefined; version: string | undefined } {
  const { id } = useParams();
  const data = useRouteLoaderData('routes/_app.contacts.$id') as { contact?: { updated_at?: string; full_name?: string } } | undefined;
  return { id, name: data?.contact?.full_name, version: data?.contact?.updated_at };
}

/**
 * In the app layout: sends the queued writes at start, when the browser says it is online
 * again, when the window gets focus, and every 30 s while some wait; then reads Kith again
 * so what landed shows as saved.
 */
export function useReplayQueuedWrites(): void {
  const { revalidate } = useRevalidator();
  const reread = useRef(revalidate);
  reread.current = revalidate;
  const waiting = useSyncExternalStore(subscribeWrites, writesSnapshot, noWrites).some((w) => w.status === 'pending');
  useEffect(() => {
    const replay = () => void replayWrites().then((settled) => settled && reread.current());
    void refreshWrites().then(replay);
    window.addEventListener('online', replay);
    window.addEventListener('focus', replay);
    const timer = waiting ? window.setInterval(replay, RETRY_EVERY_MS) : undefined;
    return () => {
      window.removeEventListener('online', replay);
      window.removeEventListener('focus', replay);
      window.clearInterval(timer);
    };
  }, [waiting]);
}

/** A new idempotency key for a write the page may have to send again. */
export function newWriteKey(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}
