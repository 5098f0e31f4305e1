import { useState } from 'react';
import { Card } from '../../components/ui/card';
import { startVcardImport } from '../api-client';
import { FileDrop } from './file-drop';
import { ImportProgress } from './import-progress';

/** A .vcf from Apple Contacts, Google Contacts or Outlook (vCard 2.1, 3.0, 4.0): no mapping step. */
export function VcardImportCard() {
  const [importId, setImportId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const handleFile = async (file: File) => {
    setError(null);
    try {
      setImportId((await startVcardImport(file)).import_id);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Card title="vCard (.vcf)">
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        From Apple Contacts (select all → File → Export vCard), Google Contacts (Export → vCard) or Outlook (Save as vCard). Emails, phones,
        addresses, notes, birthdays and photos come along.
      </p>
      {error ? (
        <p role="alert" className="mb-3 text-sm text-red-600">
          {error}
        </p>
      ) : null}
      {importId ? (
        <ImportProgress importId={importId} rowLabel="Card" />
      ) : (
        <FileDrop
          label="Drop a .vcf file here"
          hint="Contacts match on email, phone or handle; nothing is duplicated."
          accept=".vcf,.vcard,text/vcard,text/x-vcard"
          onFile={handleFile}
        />
      )}
    </Card>
  );
}
