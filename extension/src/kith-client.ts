import { hc } from 'hono/client';
// Types only: the extension is built on its own (build.mjs) and carries none of Kith's code.
import type { ApiData, ApiInput, ApiResponse, DataOf } from '../../app/api/client';
import type { ApiApp } from '../../worker/api/app';
import type { ErrorEnvelope } from '../../worker/api/error-envelope';

/** Where the user's Kith answers and the personal access token the popup saved. */
export interface KithSettings {
  kithUrl: string;
  token: string;
}

/**
 * Kith's API as the extension calls it, signed in by the token: paths, bodies and answers are
 * typed from the API's own routes. `fetchFn` lets tests send the calls to a Worker or a fake.
 */
export function kithApi(settings: KithSettings, fetchFn: typeof fetch = fetch) {
  // Bound: a service worker's fetch refuses to be called on another `this`.
  const send: typeof fetch = (input, init) => fetchFn(input, init);
  return hc<ApiApp>(settings.kithUrl.replace(/\/+$/, ''), { fetch: send, headers: { authorization: `Bearer ${settings.token}` } }).api.v1;
}

export type KithApi = ReturnType<typeof kithApi>;

/** A call's `data`; any other answer throws with the message of the API's error envelope. */
export async function dataOf<R extends ApiResponse>(call: Promise<R>): Promise<DataOf<R>> {
  const res = await call;
  const body = (await res.json().catch(() => null)) as ({ data?: DataOf<R> } & Partial<ErrorEnvelope>) | null;
  if (!res.ok || body?.data === undefined) throw new Error(body?.error?.message ?? `Kith answered ${res.status}`);
  return body.data;
}

type Outbox = KithApi['extension']['linkedin']['outbox'];

/** One conversation of POST /extension/linkedin/conversations. */
export type Conversation = ApiInput<KithApi['extension']['linkedin']['conversations']['$post']>['json']['conversations'][number];
/** A LinkedIn message the composer queued, as POST /extension/linkedin/outbox/claim answers it. */
export type QueuedLinkedinMessage = ApiData<Outbox['claim']['$post']>[number];
/** What the extension reports on a claimed message. */
export type OutboxResult = ApiInput<Outbox[':id']['result']['$post']>['json'];
