import { useCallback, useState } from 'react';

/** The ids ticked in the list; kept across pages, so a selection can span several. */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [allMatching, setAllMatching] = useState(false);

  const toggle = useCallback((id: string, on: boolean) => {
    setAllMatching(false);
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const toggleMany = useCallback((ids: string[], on: boolean) => {
    setAllMatching(false);
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);

  const selectAllMatching = useCallback((ids: string[]) => {
    setSelected(new Set(ids));
    setAllMatching(true);
  }, []);

  const clear = useCallback(() => {
    setSelected(new Set());
    setAllMatching(false);
  }, []);

  return { selected, allMatching, toggle, toggleMany, selectAllMatching, clear };
}
