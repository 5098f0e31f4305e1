import { hc, type ClientResponse, type InferRequestType } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
// Types only: the browser bundle gets Hono's small client, none of the server's code.
import type { ApiApp } from '../../worker/api/app';
import type { ErrorEnvelope } from '../../worker/api/error-envelope';

/**
 * The browser's one client of /api/v1, signed in by the session cookie. Paths, parameters,
 * bodies and answers are typed from the API's own route definitions:
 * `await dataOf(api.contacts.ids.$get({ query }))` is `{ ids: string[]; total: number }`.
 */
export const api = hc<ApiApp>('/', { init: { credentials: 'same-origin' }, headers: { accept: 'application/json' } }).api.v1;

/** A failed answer's error (API.md "Errors"): `code` is one of the codes Kith answers. */
export type ApiErrorBody = ErrorEnvelope['error'];
export type ApiErrorCode = ApiErrorBody['code'];

/**
 * A failed answer, thrown by bodyOf and dataOf: its status and the error envelope it carried.
 * `code` is null when the answer had no envelope (a proxy's error page, a cut-off body).
 */
export class ApiError extends Error {
  readonly code: ApiErrorCode | null;
  readonly details?: Record<string, unknown>;
  constructor(
    readonly status: number,
    error: ApiErrorBody | null,
    /** Seconds until a 429 may be retried (its Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(error?.message ?? (status === 429 ? 'Too many requests' : `Request failed (${status})`));
    this.code = error?.code ?? (status === 429 ? 'rate_limited' : null);
    this.details = error?.details;
  }
}

/** The error of a failed answer's body, when it is the API's envelope. */
export function errorOf(body: unknown): ApiErrorBody | null {
  const error = (body as Partial<ErrorEnvelope> | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string' ? error : null;
}

/** Any answer of a client call. */
export type ApiResponse = ClientResponse<unknown, number, string>;

/** The body of a call's success answers (`{ data, meta? }`; undefined for a 204). */
export type BodyOf<R> =
  R extends ClientResponse<infer Body, infer Status, string>
    ? Status extends SuccessStatusCode
      ? Body extends { data: unknown }
        ? Body
        : undefined
      : never
    : never;

/** The `data` of a call's success answers (undefined for a 204). */
export type DataOf<R> = BodyOf<R> extends { data: infer Data } ? Data : undefined;

/** What a client call answers in `data`: `ApiData<typeof api.contacts.ids.$get>`. */
export type ApiData<Call extends (...args: never[]) => Promise<ApiResponse>> = DataOf<Awaited<ReturnType<Call>>>;

/** What a client call takes: `ApiInput<typeof api.contacts.bulk.$post>['json']`. */
export type ApiInput<Call> = InferRequestType<Call>;

/**
 * Sends a call and answers its success body (`{ data, meta }`). Any other answer throws
 * ApiError; a 429 first reports its Retry-After to `onRateLimited` (which starts the countdown,
 * SPEC §7).
 */
export async function bodyOf<R extends ApiResponse>(call: Promise<R>, onRateLimited?: (seconds: number) => void): Promise<BodyOf<R>> {
  const res = await call;
  if (res.status === 204) return undefined as BodyOf<R>;
  const body: unknown = await res.json().catch(() => null);
  if (res.ok) return body as BodyOf<R>;
  if (res.status === 429) {
    const seconds = Number(res.headers.get('retry-after')) || 60;
    onRateLimited?.(seconds);
    throw new ApiError(429, errorOf(body), seconds);
  }
  throw new ApiError(res.status, errorOf(body));
}

/** Sends a call and answers its `data`, as bodyOf does. */
export async function dataOf<R extends ApiResponse>(call: Promise<R>, onRateLimited?: (seconds: number) => void): Promise<DataOf<R>> {
  const body = await bodyOf(call, onRateLimited);
  return (body as { data?: unknown } | undefined)?.data as DataOf<R>;
}

/**
 * A URL search (the list's filters, built for page URLs) as a client call's `query`. The API
 * checks each value; the list's state types them where they are built.
 */
export function searchQuery<Query>(params: URLSearchParams): Query {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    query[key] = values.length === 1 ? values[0]! : values;
  }
  return query as Query;
}
