import { dataOf, kithApi, type KithSettings, type OutboxResult } from './kith-client.ts';

/** Takes the oldest queued messages; they are ours for a few minutes (lease_until). */
export const claimQueued = (settings: KithSettings, fetchFn: typeof fetch = fetch) =>
  dataOf(kithApi(settings, fetchFn).extension.linkedin.outbox.claim.$post({ json: { limit: 3 } }));

/** Tells Kith whether a claimed message went out; the timeline shows sent or failed. */
export const reportOutcome = (settings: KithSettings, id: string, outcome: OutboxResult, fetchFn: typeof fetch = fetch) =>
  dataOf(
    kithApi(settings, fetchFn).extension.linkedin.outbox[':id'].result.$post({ param: { id: encodeURIComponent(id) }, json: outcome }),
  );
