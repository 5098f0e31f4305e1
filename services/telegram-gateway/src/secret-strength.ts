// The shared secret is all that stands between the internet and every Telegram session Kith
// hands the gateway, so the gateway refuses to start with one that could be guessed.

export const SECRET_MIN_LENGTH = 32;
const MIN_DISTINCT = 12;

const CLASSES = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/];

/** Why `secret` is too weak to guard the gateway, in words for the operator; null when it will do. */
export function weakSecretReason(secret: string): string | null {
  if (secret.length < SECRET_MIN_LENGTH) return `it is ${secret.length} characters long; it needs at least ${SECRET_MIN_LENGTH}`;
  if (new Set(secret).size < MIN_DISTINCT)
    return `it uses only ${new Set(secret).size} different characters; it needs at least ${MIN_DISTINCT}`;
  if (CLASSES.filter((re) => re.test(secret)).length < 2)
    return 'it is made of one kind of character only; mix letters with digits or other characters';
  return null;
}
