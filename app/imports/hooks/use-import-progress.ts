import { useEffect, useState } from 'react';
import { getImport, type ImportProgress } from '../api-client';

/** Polls GET /imports/{id} until the import is done or failed. */
export function useImportProgress(importId: string | null): { progress: ImportProgress | null; error: string | null } {
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!importId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const next = await getImport(importId);
        if (stopped) return;
        setProgress(next);
        if (next.status === 'done' || next.status === 'failed') return;
      } catch (e) {
        if (!stopped) setError(e instanceof Error ? e.message : String(e));
      }
      timer = setTimeout(poll, 700);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [importId]);
  return { progress, error };
}
