import { Form, useNavigation } from '@remix-run/react';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { NewPasswordField } from '../auth/new-password-field';
import { TextField } from '../components/ui/text-field';
import { RemainingTokensNotice } from './remaining-tokens-notice';
import type { SettingsActionData } from './settings-actions.server';
import { useDateFormat } from '../layout/time-zone';

export interface SessionRow {
  id: string;
  user_agent: string | null;
  last_seen_at: string;
  current: boolean;
}

function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Firefox/.test(userAgent)
    ? 'Firefox'
    : /Edg\//.test(userAgent)
      ? 'Edge'
      : /Chrome/.test(userAgent)
        ? 'Chrome'
        : /Safari/.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const os = /Mac OS/.test(userAgent)
    ? 'macOS'
    : /Windows/.test(userAgent)
      ? 'Windows'
      : /Android/.test(userAgent)
        ? 'Android'
        : /iPhone|iPad/.test(userAgent)
          ? 'iOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return [browser, os].filter(Boolean).join(' on ');
}

export function AccountCard({ sessions, result }: { sessions: SessionRow[]; result?: SettingsActionData }) {
  const busy = useNavigation().state === 'submitting';
  const format = useDateFormat();
  const pw = result?.intent === 'change-password' ? result : undefined;
  const sessionsResult =
    result?.intent === 'logout-everywhere' || result?.intent === 'revoke-session' || result?.intent === 'revoke-all-tokens'
      ? result
      : undefined;
  return (
    <Card title="Password and sessions">
      <Form key={pw?.message ?? 'password'} method="post" className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <input type="hidden" name="intent" value="change-password" />
        <TextField label="Current password" name="current_password" type="password" autoComplete="current-password" required />
        <NewPasswordField />
        <Button type="submit" variant="secondary" disabled={busy}>
          Change password
        </Button>
      </Form>
      {pw?.error ? (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {pw.error}
        </p>
      ) : null}
      {pw?.message ? (
        <p role="status" className="mt-2 text-sm text-emerald-700 dark:text-emerald-400">
          {pw.message}
        </p>
      ) : null}
      <RemainingTokensNotice count={pw?.tokensRemaining ?? 0} busy={busy} />

      <h3 className="mt-6 text-sm font-semibold">Active sessions</h3>
      <ul className="mt-2 divide-y divide-slate-100 dark:divide-slate-800" aria-label="Active sessions">
        {sessions.map((s) => (
          <li key={s.id} className="flex items-center gap-3 py-2 text-sm">
            <div className="flex-1">
              <p className="font-medium">
                {deviceName(s.user_agent)}{' '}
                {s.current ? (
                  <span className="ml-1 rounded bg-emerald-100 px-1.5 py-0.5 text-xs text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
                    this device
                  </span>
                ) : null}
              </p>
              <p className="text-xs text-slate-500">Last active {format.dateTime(s.last_seen_at)}</p>
            </div>
            {!s.current ? (
              <Form method="post">
                <input type="hidden" name="intent" value="revoke-session" />
                <input type="hidden" name="id" value={s.id} />
                <Button type="submit" variant="ghost">
                  Sign out
                </Button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="logout-everywhere" />
        <Button type="submit" variant="secondary" disabled={busy}>
          Log out everywhere else
        </Button>
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          Ends every other session, every personal access token and the calendar feed link.
        </p>
      </Form>
      {sessionsResult?.message ? (
        <p role="status" className="mt-2 text-sm text-emerald-700 dark:text-emerald-400">
          {sessionsResult.message}
        </p>
      ) : null}
      <RemainingTokensNotice count={sessionsResult?.tokensRemaining ?? 0} busy={busy} />
    </Card>
  );
}
