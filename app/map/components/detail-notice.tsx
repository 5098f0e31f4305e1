import { useCallback, useRef, useState } from 'react';

/**
 * The embedded basemap has nothing to show past a city's zoom: the first time the map goes
 * closer, it says so, once per visit to the page; closing it or zooming back out ends it.
 */
export function useDetailNotice(enabled: boolean, endsAtZoom: number) {
  const [shown, setShown] = useState(false);
  const done = useRef(false);
  const onZoom = useCallback(
    (zoom: number) => {
      if (!enabled || done.current) return;
      if (zoom > endsAtZoom) setShown(true);
      else
        setShown((was) => {
          if (was) done.current = true;
          return false;
        });
    },
    [enabled, endsAtZoom],
  );
  const close = useCallback(() => {
    done.current = true;
    setShown(false);
  }, []);
  return { shown, onZoom, close };
}

export function DetailNotice({ onClose }: { onClose: () => void }) {
  return (
    <div
      role="status"
      className="absolute inset-x-4 bottom-8 mx-auto flex max-w-md items-start gap-3 rounded-lg bg-white/95 p-3 text-sm text-slate-700 shadow ring-1 ring-slate-200 dark:bg-slate-900/95 dark:text-slate-200 dark:ring-slate-700"
    >
      <p className="flex-1">
        This built-in map shows countries and cities only, so there are no streets this close. Your contacts are still on it. Street maps
        need a map key: ask whoever runs Kith.
      </p>
      <button type="button" onClick={onClose} className="shrink-0 rounded px-2 font-medium text-brand-700 underline dark:text-brand-100">
        OK
      </button>
    </div>
  );
}
