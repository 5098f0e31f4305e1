/** An API error envelope (API.md), thrown by apiFetch for any non-2xx answer. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/**
 * Calls the JSON API from the browser with the session cookie. A 429 reports its
 * Retry-After to `onRateLimited` (which starts the countdown) before throwing.
 */
export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown }, onRateLimited: (seconds: number) => void): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('accept', 'application/json');
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  const res = await fetch(`/api/v1${path}`, {
    ...init,
    headers,
    credentials: 'same-origin',
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
  if (res.status === 204) return undefined as T;
  const body = (await res.json().catch(() => null)) as { data?: T; error?: { code: string; message: string } } | null;
  if (res.ok) return body?.data as T;
  if (res.status === 429) {
    const seconds = Number(res.headers.get('retry-after')) || 60;
    onRateLimited(seconds);
    throw new ApiError(429, 'rate_limited', body?.error?.message ?? 'Too many requests', seconds);
  }
  throw new ApiError(res.status, body?.error?.code ?? 'error', body?.error?.message ?? `Request failed (${res.status})`);
}
