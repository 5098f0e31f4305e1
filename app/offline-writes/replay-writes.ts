import type { QueuedWrite } from './queued-write';
import { queueChanged } from './write-queue';
import { deleteWrite, putWrite, readWrites } from './write-queue-db';

/** The contact page's action, answered as data (Remix's own `?_data=` protocol, the one its fetchers use). */
const CONTACT_ACTION = encodeURIComponent('routes/_app.contacts.$id');

type Outcome = 'landed' | 'refused' | 'stop';

interface Refusal {
  error?: { code?: string; message?: string; details?: { reason?: string; updated_at?: string } };
}

/** Kith failing the same write this many times (a 5xx each) is not a passing hiccup: the user is told. */
export const FAILURES_SHOWN_AFTER = 3;

async function answerOf(res: Response): Promise<Refusal | null> {
  const text = await res.text().catch(() => '');
  try {
    return JSON.parse(text) as Refusal;
  } catch {
    return text ? { error: { message: text.slice(0, 300) } } : null;
  }
}

/**
 * Sends one queued write as the page sent it. Landed: gone from the queue. Refused (a 4xx):
 * kept with Kith's reason, or as a conflict, until the user edits, retries or discards it.
 * Anything that may pass by itself (no connection, signed out, too many requests, the same key
 * still running, a first 5xx) stops the run, the write still pending; a write Kith keeps failing
 * is shown as refused rather than sent forever.
 */
async function send(write: QueuedWrite): Promise<Outcome> {
  let res: Response;
  try {
    res = await fetch(`/contacts/${encodeURIComponent(write.contactId)}?_data=${CONTACT_ACTION}`, {
      method: 'POST',
      body: new URLSearchParams(write.fields),
      credentials: 'same-origin',
    });
  } catch {
    return 'stop';
  }
  // A redirect answered as data: the session ended; the write waits for the next sign-in.
  if (res.headers.has('x-remix-redirect')) return 'stop';
  if (res.ok) {
    await deleteWrite(write.key);
    return 'landed';
  }
  const { error } = (await answerOf(res)) ?? {};
  if (res.status === 429 || error?.details?.reason === 'idempotency_key_in_use') return 'stop';
  if (res.status >= 500) {
    const failures = (write.failures ?? 0) + 1;
    if (failures < FAILURES_SHOWN_AFTER) {
      await putWrite({ ...write, failures });
      return 'stop';
    }
    await putWrite({ ...write, failures, status: 'failed', error: `Kith could not save it (error ${res.status}, ${failures} tries).` });
    return 'refused';
  }
  if (error?.details?.reason === 'changed_meanwhile') {
    await putWrite({ ...write, status: 'conflict', currentVersion: error.details.updated_at });
  } else {
    const reason = error?.message ?? `Kith refused it (${res.status}).`;
    await putWrite({ ...write, status: 'failed', error: reason, code: error?.code ?? (res.status === 404 ? 'not_found' : undefined) });
  }
  return 'refused';
}

let running: Promise<number> | null = null;

async function sendAll(): Promise<number> {
  let settled = 0;
  for (const write of await readWrites()) {
    if (write.status !== 'pending') continue;
    const outcome = await send(write);
    if (outcome === 'stop') break;
    settled++;
  }
  if (settled) await queueChanged();
  return settled;
}

/**
 * Sends the pending writes in the order they were made; answers how many were settled
 * (landed or refused), so the page reads Kith again. One run at a time in this tab, and across
 * tabs by a Web Lock where the browser has them (the keys make a second run harmless anyway).
 */
export function replayWrites(): Promise<number> {
  if (running) return running;
  const locked = async (): Promise<number> => await navigator.locks.request('kith-offline-writes', sendAll);
  running = (typeof navigator !== 'undefined' && navigator.locks ? locked() : sendAll()).finally(() => {
    running = null;
  });
  return running;
}
