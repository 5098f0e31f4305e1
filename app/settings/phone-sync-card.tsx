import { useActionData, useFetcher } from '@remix-run/react';
import { Phone } from '../components/icons';
import { Button, buttonClass } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { TextField } from '../components/ui/text-field';
import { useDateFormat } from '../layout/time-zone';
import { APP_PASSWORD_NAME_MAX } from '../../worker/domain/dav/app-password-limits';
import { CopyableSecret } from './copyable-secret';
import type { PhoneSyncActionData } from './phone-sync-actions.server';

export interface AppPasswordRow {
  id: string;
  name: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
}

/** Settings → Sync with your phone: the three values a CardDAV account asks for, and the sync passwords. */
export function PhoneSyncCard({ server, email, passwords }: { server: string; email: string; passwords: AppPasswordRow[] }) {
  const fetcher = useFetcher<PhoneSyncActionData>();
  const format = useDateFormat();
  // A form sent without scripts comes back as the page's action data.
  const posted = useActionData<PhoneSyncActionData>();
  const answer = fetcher.data ?? posted;
  const data = answer?.intent?.startsWith('app-password') ? answer : undefined;
  const busy = fetcher.state !== 'idle';
  return (
    <Card title="Sync with your phone">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Keep your phone’s contacts and Kith in step, both ways. Add a CardDAV account (iPhone: Settings → Contacts → Accounts → Add Account
        → Other → Add CardDAV Account; Android: DAVx5; Thunderbird: New Address Book → CardDAV) with these values and a sync password made
        for that device.
      </p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="font-medium">Server</dt>
        <dd>
          <code data-testid="dav-server" className="break-all">
            {server}
          </code>
        </dd>
        <dt className="font-medium">User name</dt>
        <dd>
          <code data-testid="dav-username" className="break-all">
            {email}
          </code>
        </dd>
        <dt className="font-medium">Password</dt>
        <dd className="text-slate-600 dark:text-slate-400">a sync password from below, never your Kith password</dd>
      </dl>
      <div className="mt-4 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700">
        <p className="text-slate-600 dark:text-slate-400">
          On an iPhone, iPad or Mac, a profile sets the account up in one tap: open it on the device, then Settings → Profile Downloaded →
          Install. Downloaded as it is, it asks for a sync password while installing; made with a new one, it holds that password.
        </p>
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <a href="/settings/phone-sync.mobileconfig" download className={buttonClass('secondary')}>
            Download profile
          </a>
          <form method="post" action="/settings/phone-sync.mobileconfig" className="flex flex-1 flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="app-password-profile" />
            <div className="min-w-48 flex-1">
              <TextField label="iPhone or Mac name" name="name" placeholder="My iPhone" required maxLength={APP_PASSWORD_NAME_MAX} />
            </div>
            <Button type="submit" variant="secondary">
              New sync password in a profile
            </Button>
          </form>
        </div>
      </div>
      {data?.created ? (
        <div className="mt-4">
          <CopyableSecret
            label={`Sync password for “${data.created.name}” — type or copy it into the device now, it will not be shown again`}
            value={data.created.password}
          />
        </div>
      ) : null}
      {data?.message ? (
        <p role="status" className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          {data.message}
        </p>
      ) : null}
      <fetcher.Form key={data?.created?.password ?? 'new'} method="post" className="mt-4 flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="app-password-create" />
        <div className="min-w-56 flex-1">
          <TextField
            label="Device name"
            name="name"
            placeholder="My iPhone"
            required
            maxLength={APP_PASSWORD_NAME_MAX}
            error={data?.error && data.intent === 'app-password-create' ? data.error : undefined}
          />
        </div>
        <Button type="submit" disabled={busy}>
          Create sync password
        </Button>
      </fetcher.Form>
      <ul className="mt-6 divide-y divide-slate-100 dark:divide-slate-800" aria-label="Your sync passwords">
        {passwords.length === 0 ? <li className="py-3 text-sm text-slate-500">No device syncs yet.</li> : null}
        {passwords.map((p) => (
          <li key={p.id} className="flex items-center gap-3 py-3 text-sm">
            <Phone className="h-4 w-4 text-slate-400" />
            <div className="flex-1">
              <p className="font-medium">{p.name}</p>
              <p className="text-xs text-slate-500">
                <code>{p.prefix}…</code> · created {format.date(p.created_at)}
                {p.last_used_at ? ` · last synced ${format.dateTime(p.last_used_at)}` : ' · never used'}
              </p>
            </div>
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="app-password-revoke" />
              <input type="hidden" name="id" value={p.id} />
              <Button type="submit" variant="secondary" disabled={busy} aria-label={`Revoke ${p.name}`}>
                Revoke
              </Button>
            </fetcher.Form>
          </li>
        ))}
      </ul>
    </Card>
  );
}
