import { Download } from '../../components/icons';
import { api } from '../../api/client';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { startRestore } from '../api-client';
import { FileDrop } from './file-drop';
import { ImportProgress } from './import-progress';
import { useFileImport } from '../use-file-import';

/** A full Kith backup (GET /backup) restored into this account, here or from another Kith. */
export function BackupRestoreCard() {
  const { importId, error, handleFile } = useFileImport(startRestore);
  return (
    <Card title="Kith backup">
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        Move your whole Kith: contacts with their dates, photos and timeline, organizations, reminders, cadences, follow-ups, relationships,
        smart lists and settings. Passwords, tokens and connected accounts stay behind. Restoring the same file again adds nothing twice.
      </p>
      <a href={api.backup.$path()} download className={`${buttonClass('secondary')} mb-3`}>
        <Download className="h-4 w-4" /> Download a full backup
      </a>
      {error ? (
        <p role="alert" className="mb-3 text-sm text-red-600">
          {error}
        </p>
      ) : null}
      {importId ? (
        <ImportProgress importId={importId} rowLabel="Line" />
      ) : (
        <FileDrop
          label="Drop a Kith backup (.jsonl) here to restore it"
          hint="Every record gets a new id here; the file is checked whole before anything is restored."
          accept=".jsonl,.ndjson,application/x-ndjson"
          onFile={handleFile}
        />
      )}
    </Card>
  );
}
