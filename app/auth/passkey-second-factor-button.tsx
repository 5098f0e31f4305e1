import { KeyRound } from '../components/icons';
import { Button } from '../components/ui/button';
import { FormAlert } from './auth-card-page';
import { usePasskeyCeremony } from './use-passkey-ceremony';

/** At the two-factor step: one of the account's passkeys instead of the code. */
export function PasskeySecondFactorButton({ redirectTo }: { redirectTo: string }) {
  const ceremony = usePasskeyCeremony('/login/passkey', 'authenticate', { options: 'second-factor-options', finish: 'second-factor' });
  return (
    <div className="space-y-2 border-t border-slate-200 pt-4 dark:border-slate-800">
      <Button variant="secondary" className="w-full" onClick={() => ceremony.start({ redirectTo })} disabled={ceremony.busy}>
        <KeyRound className="h-4 w-4" aria-hidden="true" />
        {ceremony.busy ? 'Waiting for your passkey…' : 'Use a passkey instead'}
      </Button>
      {ceremony.error ? <FormAlert>{ceremony.error}</FormAlert> : null}
    </div>
  );
}
