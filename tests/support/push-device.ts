import { env } from 'cloudflare:workers';

// A browser's side of Web Push, for tests: the key pair and auth secret a PushManager makes for
// a subscription, and the decryption it does when a message arrives (RFC 8291 §3.4, aes128gcm of
// RFC 8188), so a test reads what Kith sent as the device would.

const b64url = (bytes: Uint8Array<ArrayBuffer>) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const fromB64url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
const fromB64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

export const pushServiceBase = () => `${(env as unknown as { FAKE_PROVIDERS_URL: string }).FAKE_PROVIDERS_URL}/push`;

export interface PushDevice {
  key: string;
  /** What the browser's PushSubscription.toJSON() gives, plus a device name: POST /api/v1/push/devices's body. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string }; device: string };
  privateKey: CryptoKey;
  publicKey: Uint8Array<ArrayBuffer>;
  auth: Uint8Array<ArrayBuffer>;
}

export async function newPushDevice(device = 'Chrome on Android'): Promise<PushDevice> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  const publicKey = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  const auth = crypto.getRandomValues(new Uint8Array(16));
  const key = `device-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    key,
    subscription: { endpoint: `${pushServiceBase()}/${key}`, keys: { p256dh: b64url(publicKey), auth: b64url(auth) }, device },
    privateKey: pair.privateKey,
    publicKey,
    auth,
  };
}

async function hkdf(
  salt: Uint8Array<ArrayBuffer>,
  ikm: Uint8Array<ArrayBuffer>,
  info: Uint8Array<ArrayBuffer>,
  bytes: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bytes * 8));
}
const concat = (...parts: Uint8Array<ArrayBuffer>[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, (at += p.length) - p.length);
  return out;
};
const text = (s: string) => new TextEncoder().encode(s);

/** The plaintext of one aes128gcm message to `device` (base64 body as the fake recorded it). */
export async function decryptPush(device: PushDevice, bodyBase64: string): Promise<string> {
  const body = fromB64(bodyBase64);
  const salt = body.slice(0, 16);
  const recordSize = new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0);
  const idLength = body[20]!;
  const serverPublic = body.slice(21, 21 + idLength);
  const ciphertext = body.slice(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const serverKey = await crypto.subtle.importKey('raw', serverPublic, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const shared = new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: serverKey }, device.privateKey, 256));
  const ikm = await hkdf(device.auth, shared, concat(text('WebPush: info\0'), device.publicKey, serverPublic), 32);
  const cek = await hkdf(salt, ikm, text('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, text('Content-Encoding: nonce\0'), 12);
  const aes = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, aes, ciphertext));
  // The last record ends with the delimiter 0x02 and then zero padding (RFC 8188 §2).
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return new TextDecoder().decode(padded.slice(0, end));
}

/** Whether `authorization` is a VAPID header (RFC 8292) the push service would accept for `endpoint`. */
export async function vapidClaims(authorization: string, endpoint: string): Promise<{ aud: string; sub: string; exp: number } | null> {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!match) return null;
  const [, header, claims, signature, k] = match as unknown as [string, string, string, string, string];
  const point = fromB64url(k);
  const key = await crypto.subtle.importKey(
    'jwk',
    { kty: 'EC', crv: 'P-256', x: b64url(point.slice(1, 33)), y: b64url(point.slice(33, 65)) },
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['verify'],
  );
  const valid = await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, fromB64url(signature), text(`${header}.${claims}`));
  const parsed = JSON.parse(new TextDecoder().decode(fromB64url(claims))) as { aud: string; sub: string; exp: number };
  return valid && parsed.aud === new URL(endpoint).origin && k === (env as unknown as { VAPID_PUBLIC_KEY: string }).VAPID_PUBLIC_KEY
    ? parsed
    : null;
}

export async function pushesTo(device: PushDevice): Promise<{ headers: Record<string, string>; body: string }[]> {
  return (await (await fetch(`${pushServiceBase()}/__received?key=${encodeURIComponent(device.key)}`)).json()) as never;
}

export async function steerPushService(device: PushDevice, rule: { status: number; failures?: number }): Promise<void> {
  await fetch(`${pushServiceBase()}/__steer`, { method: 'POST', body: JSON.stringify({ key: device.key, ...rule }) });
}
