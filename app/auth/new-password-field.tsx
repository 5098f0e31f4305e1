import { PASSWORD_HINT, PASSWORD_MIN_LENGTH } from '../../worker/domain/auth/password-rule-copy';
import { TextField } from '../components/ui/text-field';

/**
 * The field where the user chooses a new password (Settings' account card, the reset page):
 * the browser may offer a generated one, and the length rule is checked before sending.
 * `repeat`: the second box that must match it, which does not say the rule again.
 */
export function NewPasswordField({ repeat = false }: { repeat?: boolean }) {
  return (
    <TextField
      label={repeat ? 'Repeat the new password' : 'New password'}
      name={repeat ? 'confirm_password' : 'new_password'}
      type="password"
      autoComplete="new-password"
      minLength={PASSWORD_MIN_LENGTH}
      required
      hint={repeat ? undefined : PASSWORD_HINT}
    />
  );
}
