import { readCapped } from '../read-capped';
import { ProviderError } from './provider-error';

/** How long an outside service may take to answer, body included, unless told otherwise. */
export const PROVIDER_TIMEOUT_MS = 20_000;

/** How a provider client reaches its service: the fetch to use and its time limit. */
export interface ProviderHttp {
  fetch: typeof fetch;
  /** The whole answer, body included; PROVIDER_TIMEOUT_MS unless a caller (or the setting) says otherwise. */
  timeoutMs?: number;
}

/** The answer's body passed the caller's `maxBytes`; the rest was not read (kind `bad_response`). */
export class ProviderTooLargeError extends ProviderError {
  constructor(
    provider: string,
    readonly maxBytes: number,
  ) {
    super(provider, 'bad_response', `the answer is larger than ${maxBytes} bytes`);
    this.name = 'ProviderTooLargeError';
  }
}

/** The service did not give its whole answer within the time limit (kind `unavailable`). */
export class ProviderTimeoutError extends ProviderError {
  constructor(
    provider: string,
    readonly timeoutMs: number,
  ) {
    super(provider, 'unavailable', `no answer within ${timeoutMs} ms`);
    this.name = 'ProviderTimeoutError';
  }
}

// Statuses whose Response may not carry a body (the Response constructor refuses one).
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * Every HTTP call to an outside service goes through here. The answer is read whole before
 * it is returned, under one time limit: a service that never answers, or whose body trickles
 * in, ends in ProviderTimeoutError, so a sync job fails and retries instead of hanging. A
 * network failure is ProviderError `unavailable`. Statuses are left to the caller, which
 * knows its provider's words for them. With `maxBytes`, reading stops past that many bytes
 * (ProviderTooLargeError): a service the user names (Monica) may answer without end.
 */
export async function providerFetch(
  provider: string,
  http: ProviderHttp,
  url: string | URL,
  init: RequestInit = {},
  maxBytes?: number,
): Promise<Response> {
  const timeoutMs = http.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  // The signal also ends reading the body, so the limit holds for the whole answer.
  const signal = AbortSignal.timeout(timeoutMs);
  // Called on its own, not as http's method: workerd refuses the global fetch with another `this`.
  const send = http.fetch;
  try {
    const res = await send(url.toString(), { ...init, signal });
    const body = maxBytes === undefined ? await res.arrayBuffer() : await readUpTo(provider, res, maxBytes);
    return new Response(NULL_BODY.has(res.status) ? null : body, { status: res.status, statusText: res.statusText, headers: res.headers });
  } catch (error) {
    if (signal.aborted) throw new ProviderTimeoutError(provider, timeoutMs);
    if (error instanceof ProviderError) throw error;
    throw new ProviderError(provider, 'unavailable', error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  }
}

async function readUpTo(provider: string, res: Response, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!res.body) return new Uint8Array();
  const bytes = await readCapped(res.body, maxBytes);
  if (!bytes) throw new ProviderTooLargeError(provider, maxBytes);
  return bytes;
}
