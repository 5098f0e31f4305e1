import { useState } from 'react';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { startGoogleSync } from '../api-client';
import { ImportProgress } from './import-progress';
import { useDateFormat } from '../../layout/time-zone';

export interface GoogleStatus {
  configured: boolean;
  connected: boolean;
  last_synced_at: string | null;
}

/** Connect a Google account and sync its contacts (incremental after the first run). */
export function GoogleContactsCard({
  status,
  initialImportId = null,
  initialError = null,
}: {
  status: GoogleStatus;
  initialImportId?: string | null;
  initialError?: string | null;
}) {
  const format = useDateFormat();
  const [importId, setImportId] = useState<string | null>(initialImportId);
  const [error, setError] = useState<string | null>(initialError);
  const handleSync = async () => {
    setError(null);
    try {
      setImportId((await startGoogleSync()).import_id);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Card title="Google Contacts">
      {!status.configured ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Google sync isn&apos;t set up on this server yet. Ask whoever runs Kith to connect Google.
        </p>
      ) : !status.connected ? (
        <div className="space-y-3 text-sm text-slate-600 dark:text-slate-400">
          {error ? (
            <p role="alert" className="text-red-600">
              {error}
            </p>
          ) : null}
          <p>Connect your Google account to bring in your Google Contacts. Kith only reads them; nothing is changed in Google.</p>
          <a href="/settings/google/connect" className={buttonClass('primary')}>
            Connect Google
          </a>
        </div>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Connected. {status.last_synced_at ? `Last synced ${format.dateTime(status.last_synced_at)}.` : 'Not synced yet.'} Contacts
            removed in Google are kept in Kith.
          </p>
          {error ? (
            <p role="alert" className="text-sm text-red-600">
              {error}
            </p>
          ) : null}
          {importId ? <ImportProgress importId={importId} /> : <Button onClick={handleSync}>Sync now</Button>}
        </div>
      )}
    </Card>
  );
}
