import { KeyRound } from '../components/icons';
import { Button } from '../components/ui/button';
import { usePasskeyCeremony } from './use-passkey-ceremony';

/**
 * "Sign in with a passkey": with the email field empty the browser offers every passkey it holds
 * for Kith; with an email typed, only that account's passkey is accepted (ADR 027).
 */
export function PasskeySignInButton({ redirectTo, emailField }: { redirectTo: string; emailField?: string }) {
  const ceremony = usePasskeyCeremony('/login/passkey', 'authenticate', { options: 'options', finish: 'sign-in' });
  const start = () => {
    const email = emailField ? (document.querySelector<HTMLInputElement>(`input[name="${emailField}"]`)?.value.trim() ?? '') : '';
    ceremony.start({ email, redirectTo });
  };
  return (
    <div className="space-y-2">
      <Button variant="secondary" className="w-full" onClick={start} disabled={ceremony.busy}>
        <KeyRound className="h-4 w-4" aria-hidden="true" />
        {ceremony.busy ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </Button>
      {ceremony.error ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-300">
          {ceremony.error}
        </p>
      ) : null}
    </div>
  );
}
