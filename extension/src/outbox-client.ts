import type { KithSettings } from './send-batch';

/** A LinkedIn message the composer queued, as POST /extension/linkedin/outbox/claim answers it. */
export interface QueuedLinkedinMessage {
  id: string;
  contact_id: string;
  contact_name: string;
  linkedin_url: string | null;
  body: string;
  lease_until: string;
  attempts: number;
}

export type SendOutcome = { status: 'sent' } | { status: 'failed'; error: string };

async function post<T>(settings: KithSettings, path: string, body: unknown, fetchFn: typeof fetch): Promise<T> {
  const res = await fetchFn(`${settings.kithUrl.replace(/\/+$/, '')}/api/v1/extension/linkedin/outbox${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.token}` },
    body: JSON.stringify(body),
  });
  const answer = (await res.json().catch(() => null)) as { data?: T; error?: { message: string } } | null;
  if (!res.ok || !answer?.data) throw new Error(answer?.error?.message ?? `Kith answered ${res.status}`);
  return answer.data;
}

/** Takes the oldest queued messages; they are ours for a few minutes (lease_until). */
export const claimQueued = (settings: KithSettings, fetchFn: typeof fetch = fetch) => post<QueuedLinkedinMessage[]>(settings, '/claim', { limit: 3 }, fetchFn);

/** Tells Kith whether a claimed message went out; the timeline shows sent or failed. */
export const reportOutcome = (settings: KithSettings, id: string, outcome: SendOutcome, fetchFn: typeof fetch = fetch) =>
  post<{ id: string; status: string }>(settings, `/${encodeURIComponent(id)}/result`, outcome, fetchFn);
