import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { previewCsv, startCsvImport, type CsvPreview } from '../api-client';
import { ColumnMappingTable } from './column-mapping-table';
import { FileDrop } from './file-drop';
import { ImportProgress } from './import-progress';

/** Pick a file -> check the column mapping -> start -> watch the progress. */
export function CsvImportCard() {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [importId, setImportId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const handleFile = async (picked: File) => {
    setError(null);
    setBusy(true);
    try {
      const next = await previewCsv(picked);
      setFile(picked);
      setPreview(next);
      setMapping(next.suggested_mapping);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const handleStart = async () => {
    if (!file) return;
    setError(null);
    setBusy(true);
    try {
      setImportId((await startCsvImport(file, mapping)).import_id);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const handleReset = () => {
    setFile(null);
    setPreview(null);
    setImportId(null);
    setError(null);
  };

  return (
    <Card
      title="CSV file"
      actions={
        preview ? (
          <Button variant="ghost" onClick={handleReset}>
            Choose another file
          </Button>
        ) : null
      }
    >
      {error ? (
        <p role="alert" className="mb-3 rounded-md bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950 dark:text-red-300">
          {error}
        </p>
      ) : null}
      {importId ? (
        <ImportProgress importId={importId} />
      ) : preview && file ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            <strong>{file.name}</strong>: {preview.total_rows.toLocaleString('en')} rows. Check how each column is imported.
          </p>
          {preview.dialect ? (
            <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="csv-dialect">
              Recognised: {preview.dialect.name}
            </p>
          ) : null}
          <ColumnMappingTable
            preview={preview}
            mapping={mapping}
            onChange={(column, field) => setMapping({ ...mapping, [column]: field })}
          />
          <p className="text-xs text-slate-500">
            Rows whose email, handle or LinkedIn URL already belongs to a contact update that contact (empty fields only) instead of
            creating a duplicate; a phone does so when the names fit, and a number two people share (a family landline) stays on both.
          </p>
          <Button onClick={handleStart} disabled={busy}>
            Import {preview.total_rows.toLocaleString('en')} contacts
          </Button>
        </div>
      ) : (
        <FileDrop
          label={busy ? 'Reading the file…' : 'Drop a CSV file here, or click to choose one'}
          hint="Exports from Google Contacts, Outlook, Thunderbird, Dex, Clay, Covve, Numbers, Excel or Kith; UTF-8, UTF-16, Windows or Mac encoding, comma, semicolon or tab separated; up to 20 MB and 100,000 rows."
          onFile={handleFile}
          disabled={busy}
        />
      )}
    </Card>
  );
}
