const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return hex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(message)));
}

/**
 * The Kith-Signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, one v1 per
 * secret that signs (two for a while after a rotation; a receiver accepts any one that
 * matches its secret). The timestamp lets a receiver refuse old replays.
 */
export async function signatureHeader(secrets: readonly string[], timestamp: number, body: string): Promise<string> {
  const signatures = await Promise.all(secrets.map((secret) => hmacHex(secret, `${timestamp}.${body}`)));
  return [`t=${timestamp}`, ...signatures.map((s) => `v1=${s}`)].join(',');
}
