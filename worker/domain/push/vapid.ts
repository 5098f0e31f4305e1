// VAPID (RFC 8292): the server's key pair that a push service checks each request against, and
// the contact it can reach the operator at. Read from VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and
// VAPID_SUBJECT; all three or none (none: push is off, and Settings says so).

export interface Vapid {
  /** The uncompressed P-256 point (65 bytes), base64url: the browser's applicationServerKey. */
  publicKey: string;
  /** The private scalar d (32 bytes), base64url. */
  privateKey: string;
  /** mailto: or https: (RFC 8292 §2.1). */
  subject: string;
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) return null;
  const b64 = text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  try {
    return Uint8Array.from(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

export const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/**
 * The VAPID settings, checked: undefined when none is set; a message naming the setting when one
 * is malformed or one is missing (the Worker refuses to start rather than send what no push
 * service accepts).
 */
export function parseVapid(env: Record<string, unknown>): Vapid | undefined | string {
  const read = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  const publicKey = read(env.VAPID_PUBLIC_KEY);
  const privateKey = read(env.VAPID_PRIVATE_KEY);
  const subject = read(env.VAPID_SUBJECT);
  if (!publicKey && !privateKey && !subject) return undefined;
  if (!publicKey || !privateKey || !subject) return 'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are set together or not at all';
  const point = fromBase64Url(publicKey);
  if (!point || point.length !== 65 || point[0] !== 4)
    return 'VAPID_PUBLIC_KEY must be an uncompressed P-256 public key (65 bytes, base64url), as `npx web-push generate-vapid-keys` prints';
  if (fromBase64Url(privateKey)?.length !== 32) return 'VAPID_PRIVATE_KEY must be a P-256 private key (32 bytes, base64url)';
  if (!/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/.test(subject)) return 'VAPID_SUBJECT must be a mailto: address or an https:// URL';
  return { publicKey, privateKey, subject };
}

/**
 * The Authorization header of one push request: `vapid t=<ES256 JWT for the endpoint's origin>,
 * k=<public key>` (RFC 8292 §3). Signed here rather than by the library, which refuses plain-http
 * endpoints (a self-hosted push service on an allowed private host, the tests' fake).
 */
export async function vapidAuthorization(vapid: Vapid, endpoint: URL, now = Date.now()): Promise<string> {
  const point = fromBase64Url(vapid.publicKey)!;
  const key = await crypto.subtle.importKey(
    'jwk',
    { kty: 'EC', crv: 'P-256', x: toBase64Url(point.slice(1, 33)), y: toBase64Url(point.slice(33, 65)), d: vapid.privateKey },
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['sign'],
  );
  const encode = (value: object) => toBase64Url(new TextEncoder().encode(JSON.stringify(value)));
  const unsigned = `${encode({ typ: 'JWT', alg: 'ES256' })}.${encode({ aud: endpoint.origin, exp: Math.floor(now / 1000) + 12 * 3600, sub: vapid.subject })}`;
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, new TextEncoder().encode(unsigned));
  return `vapid t=${unsigned}.${toBase64Url(new Uint8Array(signature))}, k=${vapid.publicKey}`;
}
