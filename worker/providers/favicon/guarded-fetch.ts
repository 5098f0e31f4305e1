import { readCapped } from '../../read-capped';
/**
 * One GET of an untrusted URL: every hop is checked by the address guard before it is
 * fetched, redirects are followed by hand (at most `maxRedirects`), the body is read up to
 * `maxBytes` and no further, and the caller's signal bounds the time.
 */
export type FetchRefusal = 'refused_address' | 'too_many_redirects' | 'http_error' | 'too_large' | 'timeout' | 'network';

export type GuardedResponse =
  { ok: true; url: URL; contentType: string; bytes: Uint8Array } | { ok: false; reason: FetchRefusal; url: URL };

export interface GuardedFetchOptions {
  fetch: typeof fetch;
  /** Judges each hop before it is fetched (its name, then the addresses it resolves to). */
  isAllowed: (url: URL) => boolean | Promise<boolean>;
  maxBytes: number;
  maxRedirects: number;
  signal: AbortSignal;
  accept: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

async function readBody(response: Response, maxBytes: number): Promise<Uint8Array | null> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    return null;
  }
  return response.body ? readCapped(response.body, maxBytes) : new Uint8Array();
}

export async function guardedGet(start: URL, options: GuardedFetchOptions): Promise<GuardedResponse> {
  // Called on its own, not as `options.fetch(...)`: the Workers runtime refuses its global
  // fetch with any other `this` ("Illegal invocation"), which every download then hit.
  const send = options.fetch;
  let url = start;
  for (let hop = 0; ; hop++) {
    if (!(await options.isAllowed(url))) return { ok: false, reason: 'refused_address', url };
    let response: Response;
    try {
      response = await send(url.toString(), {
        method: 'GET',
        redirect: 'manual',
        signal: options.signal,
        headers: { accept: options.accept, 'user-agent': 'Kith favicon fetcher (+https://github.com/kith)' },
      });
    } catch {
      return { ok: false, reason: options.signal.aborted ? 'timeout' : 'network', url };
    }
    if (REDIRECTS.has(response.status)) {
      await response.body?.cancel();
      const location = response.headers.get('location');
      if (!location || hop >= options.maxRedirects) return { ok: false, reason: 'too_many_redirects', url };
      try {
        url = new URL(location, url);
      } catch {
        return { ok: false, reason: 'http_error', url };
      }
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, reason: 'http_error', url };
    }
    try {
      const bytes = await readBody(response, options.maxBytes);
      if (!bytes) return { ok: false, reason: 'too_large', url };
      return { ok: true, url, contentType: (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase(), bytes };
    } catch {
      return { ok: false, reason: options.signal.aborted ? 'timeout' : 'network', url };
    }
  }
}
