import { Card } from '../../components/ui/card';
import { startLinkedinImport } from '../api-client';
import { FileDrop } from './file-drop';
import { ImportProgress } from './import-progress';
import { useFileImport } from '../use-file-import';

/** LinkedIn's Connections.csv: no mapping step, the export's columns are known. */
export function LinkedinImportCard() {
  const { importId, error, handleFile } = useFileImport(startLinkedinImport);
  return (
    <Card title="LinkedIn connections">
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        On LinkedIn: Settings → Data privacy → Get a copy of your data → Connections. Upload the <code>Connections.csv</code> from the
        archive.
      </p>
      {error ? (
        <p role="alert" className="mb-3 text-sm text-red-600">
          {error}
        </p>
      ) : null}
      {importId ? (
        <ImportProgress importId={importId} />
      ) : (
        <FileDrop label="Drop Connections.csv here" hint="Contacts match on LinkedIn URL, then email." onFile={handleFile} />
      )}
    </Card>
  );
}
