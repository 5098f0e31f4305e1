import { Form, useNavigation } from '@remix-run/react';
import { ShieldCheck } from '../components/icons';
import { ACCOUNT_LIMITS } from '../../worker/domain/auth/account-limits';
import { TOTP_DIGITS } from '../../worker/domain/auth/totp';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { TextField } from '../components/ui/text-field';
import { QrCode } from './qr-code';
import type { TwoFactorActionData } from './two-factor-actions.server';

// A code as people type it: the app's digits, maybe with a space between the halves ("123 456").
const CODE_AS_TYPED = TOTP_DIGITS + 1;

export interface TwoFactorCardProps {
  status: { enabled: boolean; pending: boolean; recovery_codes_left: number };
  setup: { secret: string; otpauth_uri: string } | null;
  result?: TwoFactorActionData;
}

const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div role="status" className="rounded-md border border-amber-200 bg-amber-50 p-3 dark:border-amber-900 dark:bg-amber-950">
      <p className="text-sm font-medium text-amber-900 dark:text-amber-200">
        Save these recovery codes somewhere safe. Each works once if you lose your phone; they will not be shown again.
      </p>
      <ul aria-label="Recovery codes" className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm sm:grid-cols-5">
        {codes.map((c) => (
          <li key={c} className="rounded bg-white px-2 py-1 text-center dark:bg-slate-900">
            {c}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Feedback({ result }: { result?: TwoFactorActionData }) {
  if (result?.error)
    return (
      <p role="alert" className="mt-2 text-sm text-red-600">
        {result.error}
      </p>
    );
  if (result?.message)
    return (
      <p role="status" className="mt-2 text-sm text-emerald-700 dark:text-emerald-400">
        {result.message}
      </p>
    );
  return null;
}

export function TwoFactorCard({ status, setup, result }: TwoFactorCardProps) {
  const busy = useNavigation().state === 'submitting';
  const mine = result?.intent.startsWith('two-factor-') ? result : undefined;
  return (
    <Card title="Two-factor authentication">
      {mine?.recovery_codes ? (
        <div className="mb-4">
          <RecoveryCodes codes={mine.recovery_codes} />
        </div>
      ) : null}
      {status.enabled ? (
        <>
          <p className="flex items-center gap-2 text-sm">
            <ShieldCheck className="h-4 w-4 text-emerald-600" aria-hidden />
            <span>
              <strong>On.</strong> Signing in asks for a code from your authenticator app. {status.recovery_codes_left} of 10 recovery codes
              left.
            </span>
          </p>
          <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-2">
            <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
            <TextField
              label="Code from your app, or a recovery code"
              name="code"
              autoComplete="one-time-code"
              required
              maxLength={ACCOUNT_LIMITS.twoFactorCode}
            />
            <div className="flex gap-2 sm:col-span-2">
              <Button type="submit" name="intent" value="two-factor-recovery-codes" variant="secondary" disabled={busy}>
                New recovery codes
              </Button>
              <Button type="submit" name="intent" value="two-factor-disable" variant="danger" disabled={busy}>
                Turn off
              </Button>
            </div>
          </Form>
        </>
      ) : setup ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            1. Scan this code with an authenticator app (1Password, Google Authenticator, Authy…), or type the key into it.
          </p>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <QrCode value={setup.otpauth_uri} label="QR code for your authenticator app" />
            <div className="min-w-0 flex-1 space-y-2 text-sm">
              <p className="text-xs font-medium uppercase text-slate-500">Key</p>
              <code
                data-testid="totp-secret"
                data-secret={setup.secret}
                className="block rounded bg-slate-100 px-2 py-1 font-mono tracking-wider dark:bg-slate-800"
              >
                {grouped(setup.secret)}
              </code>
              <p className="text-xs font-medium uppercase text-slate-500">Setup link</p>
              <code className="block break-all rounded bg-slate-100 px-2 py-1 text-xs dark:bg-slate-800">{setup.otpauth_uri}</code>
            </div>
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            2. Enter the 6-digit code the app shows, to turn two-factor authentication on.
          </p>
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="two-factor-enable" />
            <div className="w-40">
              <TextField
                label="Code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern={`[0-9 ]{${TOTP_DIGITS},${CODE_AS_TYPED}}`}
                maxLength={CODE_AS_TYPED}
                required
              />
            </div>
            <div className="w-56">
              <TextField label="Password" name="password" type="password" autoComplete="current-password" />
            </div>
            <Button type="submit" disabled={busy}>
              Turn on
            </Button>
            <p className="w-full text-xs text-slate-500">The password is not needed within 10 minutes of signing in.</p>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="two-factor-cancel" />
            <Button type="submit" variant="ghost" disabled={busy}>
              Cancel setup
            </Button>
          </Form>
        </div>
      ) : (
        <Form method="post" className="flex flex-wrap items-center gap-3">
          <p className="flex-1 text-sm text-slate-600 dark:text-slate-400">
            Add a second step to signing in: a 6-digit code from an authenticator app on your phone, so a stolen password alone is not
            enough.
          </p>
          <input type="hidden" name="intent" value="two-factor-setup" />
          <Button type="submit" disabled={busy}>
            Set up two-factor authentication
          </Button>
        </Form>
      )}
      <Feedback result={mine} />
    </Card>
  );
}
