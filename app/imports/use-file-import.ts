import { useState } from 'react';

/**
 * A file dropped on an import card, handed to `start` (the API call that queues its import):
 * the import's id once queued, for its progress, or the reason it was refused.
 */
export function useFileImport(start: (file: File) => Promise<{ import_id: string }>) {
  const [importId, setImportId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const handleFile = async (file: File) => {
    setError(null);
    try {
      setImportId((await start(file)).import_id);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return { importId, error, handleFile };
}
