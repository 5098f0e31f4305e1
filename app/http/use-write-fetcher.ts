import { useFetcher } from '@remix-run/react';
import { useCallback, useEffect, useRef } from 'react';
import { isOfflineResult, type OfflineResult } from './offline-safe-action';
import { notSavedToast } from './offline-write-toast';

type Submit = ReturnType<typeof useFetcher>['submit'];

/**
 * A fetcher for writes to a page whose action is offlineSafeAction: when a write never reaches
 * Kith, a toast says so and offers Retry, which sends the same write again. The form keeps
 * its input meanwhile (the answer is an error like any refused save).
 */
export function useWriteFetcher<T>(
  /** Whether the write that never reached Kith was kept to send later (ADR 045): then no toast. */
  keptOffline: () => boolean = () => false,
) {
  const fetcher = useFetcher<T | OfflineResult>();
  const last = useRef<Parameters<Submit> | null>(null);
  const kept = useRef(keptOffline);
  kept.current = keptOffline;
  const { submit: send } = fetcher;
  const submit = useCallback<Submit>(
    (...args) => {
      last.current = args;
      return send(...args);
    },
    [send],
  );

  useEffect(() => {
    const args = last.current;
    if (fetcher.state !== 'idle' || !isOfflineResult(fetcher.data) || !args || kept.current()) return;
    notSavedToast(() => void submit(...args));
  }, [fetcher.state, fetcher.data, submit]);

  return { ...fetcher, submit };
}
