import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';

interface ApiError {
  code: string;
  message: string;
}

/** Seconds left until `retryAt` (ms epoch), ticking once a second; 0 when free to go. */
function useSecondsUntil(retryAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!retryAt) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [retryAt]);
  return retryAt ? Math.max(0, Math.ceil((retryAt - now) / 1000)) : 0;
}

/**
 * POSTs to the API as the signed-in browser and unwraps the envelope. Errors become toasts;
 * a 429 also starts a countdown (SPEC §7) the caller shows on its button.
 */
export function useApiPost<T>() {
  const [busy, setBusy] = useState(false);
  const [retryAt, setRetryAt] = useState<number | null>(null);
  const retryIn = useSecondsUntil(retryAt);

  const post = useCallback(async (path: string, body?: unknown): Promise<T | null> => {
    setBusy(true);
    try {
      const res = await fetch(path, {
        method: 'POST',
        credentials: 'same-origin',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const payload = (await res.json().catch(() => null)) as { data?: T; error?: ApiError } | null;
      if (res.ok && payload?.data !== undefined) return payload.data;
      if (res.status === 429) {
        const seconds = Number(res.headers.get('retry-after')) || 60;
        setRetryAt(Date.now() + seconds * 1000);
        toast.error(payload?.error?.message ?? `Rate limited; try again in ${seconds} seconds`);
      } else {
        toast.error(payload?.error?.message ?? `Something went wrong (${res.status})`);
      }
      return null;
    } catch {
      toast.error('Could not reach Kith; check your connection');
      return null;
    } finally {
      setBusy(false);
    }
  }, []);

  return { post, busy, retryIn };
}
