import { useEffect, useRef } from 'react';
import { useWriteFetcher } from '../../http/use-write-fetcher';
import type { ActionResult } from '../contact-page-action.server';

/**
 * Saves a partial contact patch through the page's action. `onSaved` runs once the save
 * succeeded; the error (a 409 duplicate identifier, or no connection) stays available for the
 * field, and a save that never reached Kith offers Retry in a toast.
 */
export function useContactUpdate(onSaved: () => void) {
  const fetcher = useWriteFetcher<ActionResult>();
  const pending = useRef(false);
  const savedRef = useRef(onSaved);
  savedRef.current = onSaved;
  useEffect(() => {
    if (fetcher.state === 'idle' && pending.current) {
      pending.current = false;
      if (fetcher.data?.ok) savedRef.current();
    }
  }, [fetcher.state, fetcher.data]);
  return {
    save: (patch: Record<string, unknown>) => {
      pending.current = true;
      fetcher.submit({ intent: 'update', patch: JSON.stringify(patch) }, { method: 'post' });
    },
    busy: fetcher.state !== 'idle',
    error: fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data.error : undefined,
  };
}
