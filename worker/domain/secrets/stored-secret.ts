// What Kith keeps secret at rest or in a queue (OAuth tokens, two-factor secrets, Telegram
// sessions, a password-reset job's address), sealed with ENCRYPTION_KEY.
import { notConfigured } from '../settings/not-configured';

const b64 = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');
const unb64 = (text: string) => Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0));

async function keyFrom(secret: string | undefined): Promise<CryptoKey> {
  if (!secret) throw notConfigured('Connecting other accounts', ['ENCRYPTION_KEY']);
  // Any string works as the setting: its SHA-256 is the AES-256 key.
  const raw = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret));
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

/** AES-GCM with a random 96-bit IV: "iv.ciphertext" in base64url. */
export async function encryptSecret(secret: string | undefined, plaintext: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await keyFrom(secret), new TextEncoder().encode(plaintext));
  return `${b64(iv)}.${b64(new Uint8Array(sealed))}`;
}

export async function decryptSecret(secret: string | undefined, sealed: string): Promise<string> {
  const [iv, data] = sealed.split('.');
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: unb64(iv!) }, await keyFrom(secret), unb64(data!));
  return new TextDecoder().decode(plain);
}
