import { readCapped } from '../../read-capped';
import { PROVIDER_TIMEOUT_MS } from '../provider-fetch';
import { ProviderError } from '../provider-error';
import type { MonicaApi } from './monica-client';

/** A file's bytes as Monica served them, or why they were not taken. */
export type MonicaFileBytes = { bytes: Uint8Array<ArrayBuffer>; contentType: string } | { refused: string };

/**
 * GET the bytes of a photo or document at its `link`. The token goes only to the instance's own
 * origin (its storage route signs in as the API does); a link elsewhere (a public bucket) is
 * fetched without it, once the caller has checked its address. No redirect is followed, and no
 * more than `max` bytes are read. A 401 is Monica refusing the token (the caller stops the run);
 * a 429 or 5xx goes back to the queue like a list's; any other refusal is the file's alone.
 */
export async function monicaFileBytes(api: MonicaApi, link: URL, max: number): Promise<MonicaFileBytes> {
  const sameInstance = link.origin === new URL(api.apiRoot).origin;
  const signal = AbortSignal.timeout(api.timeoutMs ?? PROVIDER_TIMEOUT_MS);
  let res: Response;
  try {
    const send = api.fetch;
    res = await send(link.toString(), {
      headers: sameInstance ? { authorization: `Bearer ${api.token}` } : {},
      redirect: 'manual',
      signal,
    });
  } catch (error) {
    throw new ProviderError('monica', 'unavailable', error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  }
  if (res.status === 401 && sameInstance) throw new ProviderError('monica', 'unauthorized', `401 on ${link.pathname}`);
  if (res.status === 429 || res.status >= 500)
    throw new ProviderError('monica', res.status === 429 ? 'rate_limited' : 'unavailable', `${res.status} on ${link.pathname}`);
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    return { refused: `Monica answered ${res.status} for its bytes` };
  }
  const bytes = await readCapped(res.body, max);
  if (!bytes) return { refused: 'larger than the most a contact’s file may be' };
  return { bytes, contentType: res.headers.get('content-type') ?? '' };
}
