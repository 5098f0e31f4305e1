import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/text-field';
import { cancelImport, startMonicaImport, type ImportProgress as Progress } from '../api-client';
import { ImportProgress } from './import-progress';

/** Per kind of Monica record: how many came in and where they went (GET /imports/{id} `report`). */
function MonicaReport({ importId, progress }: { importId: string; progress: Progress }) {
  const [cancelling, setCancelling] = useState(false);
  const running = progress.status === 'queued' || progress.status === 'running';
  return (
    <div className="space-y-3 text-sm">
      {running ? (
        <div className="flex flex-wrap items-center gap-3">
          {progress.step ? <p className="text-slate-600 dark:text-slate-400">Reading {progress.step}</p> : null}
          <Button
            variant="secondary"
            disabled={cancelling}
            onClick={async () => {
              setCancelling(true);
              await cancelImport(importId);
            }}
          >
            Cancel import
          </Button>
        </div>
      ) : null}
      {progress.report.length ? (
        <section aria-label="What came in from Monica">
          <h3 className="mb-1 font-medium">What came in, and where</h3>
          <ul className="space-y-1 text-slate-600 dark:text-slate-400" data-testid="monica-report">
            {progress.report.map((line) => (
              <li key={line.kind}>
                <span className="font-semibold tabular-nums text-slate-900 dark:text-slate-100">{line.count.toLocaleString('en')}</span> →{' '}
                {line.where}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** Move in from Monica: its address and a personal access token, then the import's progress and report. */
export function MonicaImportCard() {
  const [importId, setImportId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    setBusy(true);
    try {
      setImportId((await startMonicaImport(String(form.get('url') ?? ''), String(form.get('token') ?? ''))).import_id);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title="Monica">
      {importId ? (
        <div className="space-y-4">
          <ImportProgress
            importId={importId}
            rowLabel="Contact"
            details={(progress) => <MonicaReport importId={importId} progress={progress} />}
          />
          <Button variant="secondary" onClick={() => setImportId(null)}>
            Import again
          </Button>
        </div>
      ) : (
        <form className="space-y-3" onSubmit={submit}>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Move in from Monica with everything: contacts and their fields, notes, activities, calls, conversations, reminders, tasks,
            relationships, life events, gifts, debts and journal entries. Running it again updates instead of duplicating.
          </p>
          <TextField label="Monica address" name="url" required placeholder="https://app.monicahq.com" autoComplete="url" inputMode="url" />
          <TextField
            label="API token"
            name="token"
            type="password"
            required
            autoComplete="off"
            hint="In Monica: Settings → API → Create a new token. It is kept only while the import runs."
          />
          {error ? (
            <p role="alert" className="text-sm text-red-600">
              {error}
            </p>
          ) : null}
          <Button type="submit" disabled={busy}>
            Import from Monica
          </Button>
        </form>
      )}
    </Card>
  );
}
