import { Form, useNavigation } from '@remix-run/react';
import { PASSKEY_NAME_MAX } from '../../worker/domain/auth/passkeys/passkey-limits';
import type { PasskeySummary } from '../../worker/domain/auth/passkeys/passkey-summary';
import { usePasskeyCeremony } from '../auth/use-passkey-ceremony';
import { KeyRound } from '../components/icons';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { TextField } from '../components/ui/text-field';
import { useDateFormat } from '../layout/time-zone';
import type { PasskeyActionData } from './passkey-actions.server';

function Feedback({ error, message }: { error?: string | null; message?: string }) {
  if (error)
    return (
      <p role="alert" className="mt-2 text-sm text-red-600">
        {error}
      </p>
    );
  if (message)
    return (
      <p role="status" className="mt-2 text-sm text-emerald-700 dark:text-emerald-400">
        {message}
      </p>
    );
  return null;
}

function PasskeyRow({ passkey, busy }: { passkey: PasskeySummary; busy: boolean }) {
  const format = useDateFormat();
  return (
    <li className="py-3 text-sm">
      <div className="flex items-start gap-3">
        <KeyRound className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="font-medium break-words">
            {passkey.name}
            {passkey.backed_up ? (
              <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                Synced
              </span>
            ) : null}
          </p>
          <p className="text-xs text-slate-500">
            Added {format.date(passkey.created_at)} ·{' '}
            {passkey.last_used_at ? `Last used ${format.dateTime(passkey.last_used_at)}` : 'Never used'}
          </p>
        </div>
      </div>
      <details className="mt-2 pl-7">
        <summary className="cursor-pointer text-xs font-medium text-brand-600">Rename or remove</summary>
        <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="passkey-rename" />
          <input type="hidden" name="id" value={passkey.id} />
          <div className="min-w-0 flex-1">
            <TextField label="Name" name="name" defaultValue={passkey.name} maxLength={PASSKEY_NAME_MAX} required />
          </div>
          <Button type="submit" variant="secondary" disabled={busy}>
            Rename
          </Button>
        </Form>
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="passkey-remove" />
          <input type="hidden" name="id" value={passkey.id} />
          <div className="min-w-0 flex-1">
            <TextField label="Password" name="password" type="password" autoComplete="current-password" />
          </div>
          <Button type="submit" variant="danger" disabled={busy}>
            Remove
          </Button>
          <p className="w-full text-xs text-slate-500">The password is not needed within 10 minutes of signing in.</p>
        </Form>
      </details>
    </li>
  );
}

/** Settings → Passkeys: the account's passkeys, adding one on this device, renaming and removing. */
export function PasskeysCard({ passkeys, result }: { passkeys: PasskeySummary[]; result?: PasskeyActionData }) {
  const busy = useNavigation().state === 'submitting';
  const add = usePasskeyCeremony('/settings', 'register', { options: 'passkey-options', finish: 'passkey-add' });
  const mine = result && (result.intent === 'passkey-rename' || result.intent === 'passkey-remove') ? result : undefined;
  return (
    <Card
      title="Passkeys"
      actions={
        <Button variant="secondary" onClick={() => add.start()} disabled={add.busy}>
          {add.busy ? 'Waiting for your device…' : 'Add a passkey'}
        </Button>
      }
    >
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Sign in with your fingerprint, face or device PIN instead of your password, or use a passkey as your second step when two-factor
        authentication is on. Your password and recovery codes keep working.
      </p>
      <Feedback error={add.error} message={add.outcome?.message} />
      <Feedback error={mine?.error} message={mine?.message} />
      {passkeys.length ? (
        <ul className="mt-2 divide-y divide-slate-100 dark:divide-slate-800" aria-label="Passkeys">
          {passkeys.map((p) => (
            <PasskeyRow key={p.id} passkey={p} busy={busy} />
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-slate-500">No passkeys yet.</p>
      )}
    </Card>
  );
}
