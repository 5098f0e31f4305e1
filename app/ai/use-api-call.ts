import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { ApiError, dataOf, type ApiResponse, type DataOf } from '../api/client';
import { setRetryAt, useRetryIn } from './rate-limit-store';

/**
 * Sends a call of the API client as the signed-in browser and answers its data. Errors become
 * toasts; a 429 also starts a countdown (SPEC §7) the caller shows on its button.
 */
export function useApiCall(rateLimitKey: string) {
  const [busy, setBusy] = useState(false);
  const retryIn = useRetryIn(rateLimitKey);

  const run = useCallback(
    async <R extends ApiResponse>(send: () => Promise<R>, toastId?: string | number): Promise<DataOf<R> | null> => {
      setBusy(true);
      try {
        const limited = (seconds: number) => setRetryAt(rateLimitKey, Date.now() + seconds * 1000);
        return await dataOf(send(), limited);
      } catch (error) {
        if (!(error instanceof ApiError)) toast.error('Could not reach Kith; check your connection', { id: toastId });
        else if (error.status === 429) toast.error(error.message, { id: toastId });
        else toast.error(error.code === null ? `Something went wrong (${error.status})` : error.message, { id: toastId });
        return null;
      } finally {
        setBusy(false);
      }
    },
    [rateLimitKey],
  );

  return { run, busy, retryIn };
}
