import { Card } from '../../components/ui/card';
import { startVcardImport } from '../api-client';
import { FileDrop } from './file-drop';
import { ImportProgress } from './import-progress';
import { useFileImport } from '../use-file-import';

/** A .vcf from Apple Contacts, Google Contacts or Outlook (vCard 2.1, 3.0, 4.0): no mapping step. */
export function VcardImportCard() {
  const { importId, error, handleFile } = useFileImport(startVcardImport);
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
