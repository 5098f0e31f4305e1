// DESIGN "Security": PBKDF2-SHA256 through WebCrypto at the Workers maximum of
// 100 000 iterations, a per-user salt, and a constant-time comparison.

/** Production's cost: every hash stored without a count of its own was derived with it. */
export const PASSWORD_ITERATIONS = 100_000;

/**
 * How many PBKDF2 iterations new hashes take: the PASSWORD_HASH_ITERATIONS setting, which only
 * the test suites lower (worker/env.ts says why). A hash of any other count than production's
 * carries it (`<count>$<hex>`), so it verifies whatever the setting says later.
 */
export type PasswordIterations = number;

function toHex(bytes: Uint8Array): string {
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: PasswordIterations): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

const stored = (hex: string, iterations: PasswordIterations) => (iterations === PASSWORD_ITERATIONS ? hex : `${iterations}$${hex}`);

function parseStored(hash: string): { hex: string; iterations: PasswordIterations } {
  const counted = /^(\d+)\$([0-9a-f]+)$/.exec(hash);
  return counted ? { hex: counted[2]!, iterations: Number(counted[1]) } : { hex: hash, iterations: PASSWORD_ITERATIONS };
}

/**
 * Stands in for the stored hash when no account has the email, so a sign-in for an unknown
 * address runs the same derivation (same iterations) as one for a known address and takes
 * as long: the answer's timing does not tell who has an account. No password matches it.
 */
export const noAccount = (iterations: PasswordIterations) =>
  ({ hash: stored('00'.repeat(32), iterations), salt: '4b697468206e6f206163636f756e7421' }) as const;

export async function hashPassword(password: string, iterations: PasswordIterations): Promise<{ hash: string; salt: string }> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return { hash: stored(toHex(await derive(password, salt, iterations)), iterations), salt: toHex(salt) };
}

export async function verifyPassword(password: string, hash: string, salt: string): Promise<boolean> {
  const { hex, iterations } = parseStored(hash);
  const actual = await derive(password, fromHex(salt), iterations);
  const expected = fromHex(hex);
  if (actual.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < actual.length; i++) diff |= actual[i]! ^ expected[i]!;
  return diff === 0;
}
