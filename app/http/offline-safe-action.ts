import type { ClientActionFunctionArgs } from '@remix-run/react';

/** What a form shows when its request never reached Kith. */
export const OFFLINE_MESSAGE =
  'Kith could not be reached, so nothing was saved. What you typed is still here: check your connection and retry.';

/** The answer of a write that never reached the server, shaped like any refused write. */
export interface OfflineResult {
  ok: false;
  intent: string;
  error: { code: 'offline'; message: string };
}

/** The answer offlineSafeFormAction gives a page form: a key none of the pages' own answers use. */
export interface OfflineFormResult {
  offline: string;
}

/** Dispatched on window when a page form's write never reached Kith; the app offers Retry. */
export const OFFLINE_WRITE_EVENT = 'kith:offline-write';
export interface OfflineWrite {
  formData: FormData;
  action: string;
}

/** Whether an action's answer is that of a write that never reached Kith (either shape). */
export const isOfflineResult = (data: unknown): data is OfflineResult | OfflineFormResult =>
  typeof data === 'object' &&
  data !== null &&
  ((data as { error?: { code?: string } }).error?.code === 'offline' || typeof (data as { offline?: unknown }).offline === 'string');

/**
 * The server action's answer, or `unreachable()`'s when the request never got one. fetch()
 * rejects with a TypeError then (offline, a dropped connection, DNS); Chromium says "Failed to
 * fetch", Firefox "NetworkError…", Safari "Load failed". Anything else is a real error.
 */
async function orWhenUnreachable<T, U>(serverAction: () => Promise<T>, unreachable: () => U): Promise<T | U> {
  try {
    return await serverAction();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return unreachable();
  }
}

/**
 * The clientAction of a page whose forms post with fetchers. A request that never reaches Kith
 * answers `{ ok: false, error: { code: 'offline' } }` like any refused save, so the form keeps
 * the user's input and can offer Retry, instead of the error boundary replacing the page. What
 * the server answers, errors included, passes through untouched.
 */
export async function offlineSafeAction({ serverAction, request }: ClientActionFunctionArgs) {
  const intent = String(
    (
      await request
        .clone()
        .formData()
        .catch(() => null)
    )?.get('intent') ?? '',
  );
  return orWhenUnreachable(
    serverAction,
    () => ({ ok: false, intent, error: { code: 'offline', message: OFFLINE_MESSAGE } }) satisfies OfflineResult,
  );
}

/**
 * The clientAction of a page whose forms navigate (`<Form>`): a request that never reaches Kith
 * answers `{ offline }`, which the page's own result shapes ignore, so the form stays as typed;
 * the app layout hears OFFLINE_WRITE_EVENT and offers Retry in a toast.
 */
export async function offlineSafeFormAction({ serverAction, request }: ClientActionFunctionArgs) {
  const formData = await request
    .clone()
    .formData()
    .catch(() => null);
  return orWhenUnreachable(serverAction, () => {
    const url = new URL(request.url);
    if (formData)
      window.dispatchEvent(
        new CustomEvent<OfflineWrite>(OFFLINE_WRITE_EVENT, { detail: { formData, action: `${url.pathname}${url.search}` } }),
      );
    return { offline: OFFLINE_MESSAGE } satisfies OfflineFormResult;
  });
}
