import { createDohResolver, type Resolve } from './dns-over-https';
import { guardedGet, type FetchRefusal } from './guarded-fetch';
import { isIpLiteral, isPublicAddress, isPublicUrl } from './public-address';

export type FaviconResult =
  | { ok: true; bytes: Uint8Array; contentType: string; source: string }
  | { ok: false; reason: FetchRefusal | 'not_an_image' | 'no_icon' | 'invalid_url' };

export interface FaviconFetcherOptions {
  /** The DNS-over-HTTPS endpoint every host name is resolved through first (setting DNS_OVER_HTTPS_URL). */
  dnsOverHttpsUrl: string;
  /** The network. Tests pass a transport that maps test host names to the fake server. */
  fetch?: typeof fetch;
  /** The network to the DNS-over-HTTPS endpoint (configuration, so not itself guarded). */
  dnsFetch?: typeof fetch;
  /** The check of the host as written; production always uses the strict default. */
  isAllowed?: (url: URL) => boolean;
  maxBytes?: number;
  timeoutMs?: number;
}

// Header types we accept; the stored type always comes from the bytes themselves. SVG is
// refused: served from our origin it could carry script.
const ACCEPTED_TYPES = new Set([
  'image/x-icon',
  'image/vnd.microsoft.icon',
  'image/ico',
  'image/icon',
  'image/png',
  'image/gif',
  'image/jpeg',
  'image/webp',
  'application/octet-stream',
]);

/** The raster type the bytes themselves say (never SVG), or null. */
export function sniffImageType(b: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((v, i) => b[i] === v);
  if (starts(0x00, 0x00, 0x01, 0x00)) return 'image/x-icon';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x52, 0x49, 0x46, 0x46) && b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50) return 'image/webp';
  return null;
}

/** hrefs of <link rel="icon"> (and "shortcut icon"), then apple-touch-icon, in page order. */
export function iconLinksOf(html: string): string[] {
  const icons: string[] = [];
  const touch: string[] = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const attr = (name: string) =>
      tag
        .match(new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'))
        ?.slice(1)
        .find((v) => v !== undefined);
    const rel = (attr('rel') ?? '').toLowerCase().split(/\s+/);
    const href = attr('href')?.trim();
    if (!href) continue;
    if (rel.includes('icon')) icons.push(href);
    else if (rel.includes('apple-touch-icon')) touch.push(href);
  }
  return [...icons, ...touch];
}

const decodeEntities = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#x2f;/gi, '/')
    .replace(/&quot;/g, '"');

/**
 * A hop may be fetched when its host as written passes, and every address its name resolves to
 * is public. A name that cannot be resolved (no answer, a failing resolver) is not fetched.
 */
async function resolvesPublicly(url: URL, resolve: Resolve): Promise<boolean> {
  if (isIpLiteral(url.hostname)) return true;
  const addresses = await resolve(url.hostname);
  return addresses !== null && addresses.length > 0 && addresses.every(isPublicAddress);
}

/**
 * Downloads a website's icon: /favicon.ico first, else the page's <link rel="icon">. Every
 * request goes through the address guard (name, then resolved addresses), size cap and deadline of guardedGet.
 */
export function createFaviconFetcher({
  dnsOverHttpsUrl,
  fetch: doFetch = fetch,
  dnsFetch = fetch,
  isAllowed = isPublicUrl,
  maxBytes = 512 * 1024,
  timeoutMs = 8_000,
}: FaviconFetcherOptions) {
  return {
    async download(website: string): Promise<FaviconResult> {
      let base: URL;
      try {
        base = new URL(website);
      } catch {
        return { ok: false, reason: 'invalid_url' };
      }
      const signal = AbortSignal.timeout(timeoutMs);
      // One resolver per download: each name is looked up once, whatever the redirects.
      const resolve = createDohResolver({ url: dnsOverHttpsUrl, fetch: dnsFetch, signal });
      const allowed = async (url: URL) => isAllowed(url) && (await resolvesPublicly(url, resolve));
      const options = { fetch: doFetch, isAllowed: allowed, maxBytes, maxRedirects: 3, signal };
      const image = async (url: URL): Promise<FaviconResult> => {
        const got = await guardedGet(url, { ...options, accept: 'image/*' });
        if (!got.ok) return got;
        const sniffed = sniffImageType(got.bytes);
        if (!ACCEPTED_TYPES.has(got.contentType) || !sniffed) return { ok: false, reason: 'not_an_image' };
        return { ok: true, bytes: got.bytes, contentType: sniffed, source: got.url.toString() };
      };

      const ico = await image(new URL('/favicon.ico', base));
      if (ico.ok || ico.reason === 'refused_address' || ico.reason === 'timeout') return ico;

      const page = await guardedGet(new URL('/', base), { ...options, accept: 'text/html' });
      if (!page.ok) return page.reason === 'refused_address' || page.reason === 'timeout' ? page : { ok: false, reason: 'no_icon' };
      const html = new TextDecoder().decode(page.bytes);
      let last: FaviconResult = { ok: false, reason: 'no_icon' };
      for (const href of iconLinksOf(html).slice(0, 3)) {
        let url: URL;
        try {
          url = new URL(decodeEntities(href), page.url);
        } catch {
          continue;
        }
        last = await image(url);
        if (last.ok || last.reason === 'timeout') return last;
      }
      return last;
    },
  };
}

export type FaviconFetcher = ReturnType<typeof createFaviconFetcher>;
