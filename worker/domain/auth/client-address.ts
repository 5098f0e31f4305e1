/**
 * The client as Cloudflare saw it, the key of every per-source limit. Only `cf-connecting-ip`:
 * the edge sets it and a client cannot, unlike `x-forwarded-for`. The Worker removes it at the
 * door unless BEHIND_CLOUDFLARE is "true" (trustedClientAddress); without it every caller is one
 * client. An IPv6 client is its /64 (ADR 079): one line or host is given at least that many
 * addresses, and counted per address it would start afresh at every limit with each guess.
 */
export function clientAddress(request: Request): string {
  const address = request.headers.get('cf-connecting-ip');
  return address === null ? 'local' : networkOf(address);
}

/** An IPv6 address as its /64 in one spelling ("2001:db8:a:b::/64"), a mapped IPv4 as IPv4; anything else as given. */
function networkOf(address: string): string {
  if (!address.includes(':')) return address;
  let host: string;
  try {
    // The URL parser writes IPv6 in one canonical form: lower case, no leading zeros, IPv4 tails in hex.
    host = new URL(`http://[${address.trim()}]/`).hostname.slice(1, -1);
  } catch {
    return address;
  }
  const [head = '', tail] = host.split('::');
  const groups = (s: string) => (s ? s.split(':') : []);
  const missing = 8 - groups(head).length - groups(tail ?? '').length;
  const all = [...groups(head), ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...groups(tail ?? '')];
  if (all.slice(0, 5).every((g) => g === '0') && all[5] === 'ffff') {
    const v4 = (parseInt(all[6]!, 16) << 16) | parseInt(all[7]!, 16);
    return [24, 16, 8, 0].map((shift) => (v4 >>> shift) & 0xff).join('.');
  }
  return `${all.slice(0, 4).join(':')}::/64`;
}

/** The request as the Worker reads it: cf-connecting-ip kept only behind Cloudflare (BEHIND_CLOUDFLARE). */
export function trustedClientAddress(request: Request, behindCloudflare: boolean): Request {
  if (behindCloudflare || !request.headers.has('cf-connecting-ip')) return request;
  const headers = new Headers(request.headers);
  headers.delete('cf-connecting-ip');
  return new Request(request, { headers });
}
