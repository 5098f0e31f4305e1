import { Form, Link, useNavigation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { Button } from '../components/ui/button';
import { ACCOUNT_LIMITS } from '../../worker/domain/auth/account-limits';
import { PASSWORD_HINT, PASSWORD_MIN_LENGTH } from '../../worker/domain/auth/password-rule-copy';
import { TextField } from '../components/ui/text-field';
import { useNonce } from '../nonce-provider';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { forgetQueuedWrites } from '../offline-writes/write-queue';
import { forgetPushSubscription } from '../pwa/push-subscription';
import { forgetSavedPages } from '../pwa/saved-caches';
import { forgetLocalIndex } from '../search-index/local-index';

interface AuthFormPageProps {
  mode: 'login' | 'signup';
  error?: string;
  notice?: string;
  redirectTo: string;
}

/** The sign-in and sign-up forms share one layout. */
export function AuthFormPage({ mode, error, notice, redirectTo }: AuthFormPageProps) {
  const busy = useNavigation().state !== 'idle';
  const nonce = useNonce();
  const timeZoneInput = useRef<HTMLInputElement>(null);
  // The inline script covers a first page load before the bundle; this covers arriving by a link.
  useEffect(() => {
    if (timeZoneInput.current) timeZoneInput.current.value = Intl.DateTimeFormat().resolvedOptions().timeZone;
  }, []);
  // Signed out (or never signed in): nothing the last person read stays saved on this device, nor is sent to it.
  useEffect(
    () => void Promise.all([forgetSavedPages(), forgetLocalIndex(), forgetQueuedWrites(), forgetPushSubscription().catch(() => undefined)]),
    [],
  );
  const isLogin = mode === 'login';
  return (
    <main className="flex min-h-full items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <p className="text-center text-3xl font-bold tracking-tight text-brand-600">Kith</p>
        <h1 className="mt-2 text-center text-lg font-medium">{isLogin ? 'Sign in to your network' : 'Create your account'}</h1>
        <Form
          method="post"
          className="mt-8 space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {!isLogin && <TextField label="Name" name="name" autoComplete="name" required maxLength={ACCOUNT_LIMITS.name} />}
          <TextField label="Email" name="email" type="email" autoComplete="email" required />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete={isLogin ? 'current-password' : 'new-password'}
            required
            minLength={isLogin ? undefined : PASSWORD_MIN_LENGTH}
            hint={isLogin ? undefined : PASSWORD_HINT}
          />
          {isLogin ? (
            <p className="-mt-2 text-right text-sm">
              <Link className="text-brand-600 underline" to="/forgot-password">
                Forgot password?
              </Link>
            </p>
          ) : null}
          {!isLogin && <input ref={timeZoneInput} type="hidden" name="time_zone" id="time_zone" />}
          {notice && !error ? (
            <p
              role="status"
              className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300"
            >
              {notice}
            </p>
          ) : null}
          {error ? (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-300">
              {error}
            </p>
          ) : null}
          <Button type="submit" className="w-full" disabled={busy}>
            {isLogin ? 'Sign in' : 'Create account'}
          </Button>
        </Form>
        {isLogin ? (
          <div className="mt-4">
            <p className="mb-2 text-center text-xs text-slate-500 dark:text-slate-400">Or, without your password:</p>
            <PasskeySignInButton redirectTo={redirectTo} emailField="email" />
          </div>
        ) : null}
        <p className="mt-4 text-center text-sm text-slate-600 dark:text-slate-400">
          {isLogin ? 'New to Kith? ' : 'Already have an account? '}
          <Link
            className="font-medium text-brand-600 underline"
            to={`${isLogin ? '/signup' : '/login'}?redirectTo=${encodeURIComponent(redirectTo)}`}
          >
            {isLogin ? 'Create an account' : 'Sign in'}
          </Link>
        </p>
      </div>
      {!isLogin && (
        <script
          nonce={nonce}
          suppressHydrationWarning
          // Fills the time zone before submit so Home can show local times (works without the bundle).
          dangerouslySetInnerHTML={{
            __html: "try{document.getElementById('time_zone').value=Intl.DateTimeFormat().resolvedOptions().timeZone}catch(e){}",
          }}
        />
      )}
    </main>
  );
}
