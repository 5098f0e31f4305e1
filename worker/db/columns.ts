/** Opaque, unguessable identifier for any row. */
export function newId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/** The current time as the ISO-8601 UTC string every table stores. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** A random URL-safe secret of `bytes` bytes (tokens, BCC addresses). */
export function randomSecret(bytes = 32): string {
  const buf = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...buf))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');
}

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
