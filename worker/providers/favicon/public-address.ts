/**
 * The SSRF guard of outbound fetches to user- or model-supplied URLs (DESIGN "Security").
 * First the host as written: IP literals in private, loopback, link-local, shared, reserved or
 * multicast ranges are refused, and so are IPv6 forms that embed an IPv4 address (mapped,
 * NAT64, 6to4, Teredo), names that mean this machine or a private network, and public
 * wildcard domains that answer with a loopback address. The URL parser has already
 * normalized 2130706433, 0x7f.1 and [::ffff:127.0.0.1] to canonical form. Then every
 * address a name resolves to (isPublicAddress, through dns-over-https.ts).
 * See docs/decisions/003-favicon-ssrf-guard.md.
 */
const BLOCKED_V4: [number, number][] = [
  [0x00000000, 8], // "this network"
  [0x0a000000, 8], // private
  [0x64400000, 10], // carrier-grade NAT
  [0x7f000000, 8], // loopback
  [0xa9fe0000, 16], // link-local, cloud metadata (169.254.169.254)
  [0xac100000, 12], // private
  [0xc0000000, 24], // IETF protocol assignments
  [0xc0000200, 24], // TEST-NET-1
  [0xc0a80000, 16], // private
  [0xc6120000, 15], // benchmarking
  [0xc6336400, 24], // TEST-NET-2
  [0xcb007100, 24], // TEST-NET-3
  [0xe0000000, 4], // multicast
  [0xf0000000, 4], // reserved, broadcast
];

function parseV4(host: string): number | null {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

function isPublicV4(address: number): boolean {
  return !BLOCKED_V4.some(([base, bits]) => Math.floor(address / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)));
}

/** Eight 16-bit groups of an IPv6 literal (without brackets), or null. */
function parseV6(host: string): number[] | null {
  let text = host.toLowerCase();
  const v4Tail = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (v4Tail) {
    const v4 = parseV4(v4Tail[1]!);
    if (v4 === null) return null;
    text = `${text.slice(0, -v4Tail[1]!.length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string) => (s ? s.split(':') : []);
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(Math.max(0, missing)).fill('0'), ...tail];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return all.map((g) => parseInt(g, 16));
}

function isPublicV6(g: number[]): boolean {
  // Only global unicast (2000::/3) can be public; inside it, refuse documentation
  // (2001:db8::/32), Teredo (2001::/32) and 6to4 (2002::/16), which embed IPv4 addresses.
  // Everything else (::, ::1, ::ffff:0:0/96, 64:ff9b::/96, fc00::/7, fe80::/10, ff00::/8) is refused.
  if ((g[0]! & 0xe000) !== 0x2000) return false;
  if (g[0] === 0x2001 && (g[1] === 0x0db8 || g[1] === 0x0000)) return false;
  if (g[0] === 0x2002) return false;
  return true;
}

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|localdomain)$/i;

// Public DNS that answers 127.0.0.1 (or any address spelled in the name) for every label, made
// for local development. Refused by name without a lookup: the address is the point of them,
// and between our lookup and the fetch's own their answer can change (DNS rebinding).
const WILDCARD_LOCAL_DOMAINS = [
  'localtest.me',
  'lvh.me',
  'vcap.me',
  'lacolhost.com',
  'fuf.me',
  'localho.st',
  'local.gd',
  'localhost.direct',
  'traefik.me',
  'nip.io',
  'sslip.io',
  'xip.io',
];

const isWildcardLocal = (host: string) => WILDCARD_LOCAL_DOMAINS.some((d) => host === d || host.endsWith(`.${d}`));

/** True when the host is an IP literal (v4 dotted, or v6 in brackets): nothing to resolve. */
export function isIpLiteral(hostname: string): boolean {
  return hostname.startsWith('[') || parseV4(hostname.replace(/\.$/, '')) !== null;
}

/** True when a resolved address (A or AAAA record data) is one the guard lets us connect to. */
export function isPublicAddress(address: string): boolean {
  const v4 = parseV4(address);
  if (v4 !== null) return isPublicV4(v4);
  const v6 = parseV6(address);
  return v6 !== null && isPublicV6(v6);
}

/** True when `url` is http(s) on a host the guard lets us fetch. */
export function isPublicUrl(url: URL): boolean {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  if (url.port && !['80', '443', '8080', '8443'].includes(url.port)) return false;
  const host = url.hostname.replace(/\.$/, '').toLowerCase();
  if (host.startsWith('[')) {
    const groups = parseV6(host.slice(1, -1));
    return groups !== null && isPublicV6(groups);
  }
  const v4 = parseV4(host);
  if (v4 !== null) return isPublicV4(v4);
  if (/^[\d.]+$/.test(host) || /^0x/i.test(host)) return false;
  // A single-label name ("intranet", "metadata") only resolves on a private network.
  if (!host.includes('.') || LOCAL_NAMES.test(host) || isWildcardLocal(host)) return false;
  return true;
}
