import { ProviderError, retryAfterSeconds } from '../provider-error';
import { providerFetch, ProviderTooLargeError, type ProviderHttp } from '../provider-fetch';
import type { MonicaPage } from './monica-types';

/** One Monica instance as a run reaches it: its API root ("https://app.monicahq.com/api") and a token. */
export interface MonicaApi extends ProviderHttp {
  apiRoot: string;
  token: string;
  /** How long to wait inline before a retry; a test passes a quick one. */
  sleep?: (ms: number) => Promise<void>;
}

export const MONICA_PAGE_SIZE = 100;
/**
 * The most of one list page read: the address is the user's, so the instance may be hostile and
 * answer without end. Reading the page, its text and its parsed records each hold about this much
 * at once, inside a Worker's 128 MB. Photos come two to a page (STAGE_PAGE_SIZE), so two at
 * Monica's default upload limit of 10 MB, base64 in their data URLs, still fit.
 */
export const MONICA_ANSWER_MAX_BYTES = 32 * 1024 * 1024;
// A short 429 or a passing 5xx is waited out here; longer ones go back to the queue.
const INLINE_WAIT_LIMIT_S = 5;
const INLINE_TRIES = 3;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * GET one page of a Monica list (`/contacts?with=contactfields`, `/notes`...). Redirects are
 * not followed (a user-given address must not bounce Kith elsewhere). 401 is `unauthorized`,
 * 429 `rate_limited` with its Retry-After, 5xx `unavailable`: each after short inline retries;
 * an answer past MONICA_ANSWER_MAX_BYTES is `bad_response`, which stops the import.
 */
export async function monicaPage<T>(api: MonicaApi, path: string, page: number, limit = MONICA_PAGE_SIZE): Promise<MonicaPage<T>> {
  const url = new URL(`${api.apiRoot}${path}`);
  url.searchParams.set('page', String(page));
  url.searchParams.set('limit', String(limit));
  const sleep = api.sleep ?? realSleep;
  const get: RequestInit = { headers: { authorization: `Bearer ${api.token}`, accept: 'application/json' }, redirect: 'manual' };
  for (let attempt = 1; ; attempt++) {
    const res = await providerFetch('monica', api, url, get, MONICA_ANSWER_MAX_BYTES).catch((error: unknown) => {
      if (!(error instanceof ProviderTooLargeError)) throw error;
      throw new ProviderError(
        'monica',
        'bad_response',
        `page ${page} of ${path.split('?')[0]} is larger than ${MONICA_ANSWER_MAX_BYTES / 1024 / 1024} MB, more than an import reads at once`,
      );
    });
    if (res.ok) return readPage<T>(res);
    const last = attempt >= INLINE_TRIES;
    if (res.status === 401 || res.status === 403) throw new ProviderError('monica', 'unauthorized', `${res.status} on ${url.pathname}`);
    if (res.status === 429) {
      const wait = retryAfterSeconds(res.headers.get('retry-after'), 60);
      if (last || wait > INLINE_WAIT_LIMIT_S) throw new ProviderError('monica', 'rate_limited', `429 on ${url.pathname}`, wait);
      await sleep(wait * 1000);
      continue;
    }
    if (res.status >= 500) {
      if (last) throw new ProviderError('monica', 'unavailable', `${res.status} on ${url.pathname}`);
      await sleep(500 * attempt);
      continue;
    }
    if (res.status >= 300 && res.status < 400)
      throw new ProviderError(
        'monica',
        'bad_response',
        `redirected (${res.status}) from ${url.pathname}: give the instance's final address`,
      );
    throw new ProviderError('monica', 'bad_response', `${res.status} on ${url.pathname}`);
  }
}

async function readPage<T>(res: Response): Promise<MonicaPage<T>> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new ProviderError('monica', 'bad_response', 'the answer is not JSON: is this the address of a Monica instance?');
  }
  const page = body as MonicaPage<T>;
  if (!page || !Array.isArray(page.data) || typeof page.meta?.last_page !== 'number')
    throw new ProviderError('monica', 'bad_response', 'the answer is not a Monica list: is this the address of a Monica instance?');
  return page;
}
