import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { setRetryAt, useRetryIn } from './rate-limit-store';

interface ApiError {
  code: string;
  message: string;
}

/**
 * POSTs to the API as the signed-in browser and unwraps the envelope. Errors become toasts;
 * a 429 also starts a countdown (SPEC §7) the caller shows on its button.
 */
export function useApiPost<T>(rateLimitKey: string) {
  const [busy, setBusy] = useState(false);
  const retryIn = useRetryIn(rateLimitKey);

  const post = useCallback(async (path: string, body?: unknown, toastId?: string | number): Promise<T | null> => {
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
        setRetryAt(rateLimitKey, Date.now() + seconds * 1000);
        toast.error(payload?.error?.message ?? `Rate limited; try again in ${seconds} seconds`, { id: toastId });
      } else {
        toast.error(payload?.error?.message ?? `Something went wrong (${res.status})`, { id: toastId });
      }
      return null;
    } catch {
      toast.error('Could not reach Kith; check your connection', { id: toastId });
      return null;
    } finally {
      setBusy(false);
    }
  }, [rateLimitKey]);

  return { post, busy, retryIn };
}
