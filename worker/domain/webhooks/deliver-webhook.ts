import { newId, nowIso } from '../../db/columns';
import { runStatements } from '../../db/sql-batch';
import type { Deps } from '../deps';
import { decryptSecret } from '../secrets/stored-secret';
import { webhookUrlRefusal } from './webhook-address';
import {
  claimAttempt,
  deliveryToAttempt,
  insertAttemptStatement,
  pruneDeliveriesStatement,
  settleDeliveryStatement,
} from './webhook-delivery-queries';
import { signatureHeader } from './webhook-signature';

/**
 * The pause before each retry of a round, in seconds: 1 min, 5 min, 30 min, 1 h, 2 h, 6 h,
 * 12 h: eight attempts over about 22 hours, then the delivery is failed (Redeliver starts a
 * new round). WEBHOOK_RETRY_MAX_DELAY_SECONDS caps each pause (tests set it to 0).
 */
export const RETRY_PAUSES_SECONDS = [60, 300, 1800, 3600, 7200, 21_600, 43_200] as const;
const TIMEOUT_MS = 10_000;
/** How much of the receiver's answer the log keeps. */
const ANSWER_KEPT = 1024;

async function answerStart(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  let text = '';
  const decoder = new TextDecoder();
  while (text.length < ANSWER_KEPT) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel().catch(() => {});
  return text.slice(0, ANSWER_KEPT);
}

interface Outcome {
  status: number | null;
  answer: string | null;
  error: string | null;
}

async function send(url: URL, headers: Record<string, string>, body: string): Promise<Outcome> {
  try {
    const response = await fetch(url.toString(), {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const answer = await answerStart(response).catch(() => '');
    const error = response.status >= 300 && response.status < 400 ? 'Redirects are not followed: give the final address' : null;
    return { status: response.status, answer, error };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return { status: null, answer: null, error: timedOut ? `No answer within ${TIMEOUT_MS / 1000} s` : 'Could not connect' };
  }
}

/** The secrets that sign now: the current one, and the previous one until its overlap ends. */
async function signingSecrets(deps: Deps, row: NonNullable<Awaited<ReturnType<typeof deliveryToAttempt>>>, now: string) {
  const current = await decryptSecret(deps.settings.ENCRYPTION_KEY, row.secretSealed);
  const previous =
    row.previousSecretSealed && row.previousSecretUntil && row.previousSecretUntil > now
      ? await decryptSecret(deps.settings.ENCRYPTION_KEY, row.previousSecretSealed)
      : null;
  return previous ? [current, previous] : [current];
}

/**
 * Attempt `round` of a delivery (the deliver_webhook job): checks the address again, signs the
 * body, POSTs it without following redirects, and logs the attempt. A 2xx succeeds; anything
 * else is retried after the next pause of RETRY_PAUSES_SECONDS, until the round's attempts are
 * spent and the delivery is failed.
 */
export async function attemptDelivery(deps: Deps, deliveryId: string, round: number): Promise<void> {
  const { store } = deps;
  const row = await deliveryToAttempt(store, deliveryId);
  if (!row || row.delivery.status !== 'pending') return;
  const started = nowIso();
  if (!(await claimAttempt(store, deliveryId, round, started))) return;

  const { delivery } = row;
  const timestamp = Math.floor(Date.now() / 1000);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'Kith-Webhooks/1',
    'kith-event': delivery.eventType,
    'kith-delivery': delivery.id,
    'kith-signature': await signatureHeader(await signingSecrets(deps, row, started), timestamp, delivery.body),
  };
  const url = new URL(row.url);
  const begin = Date.now();
  const refusal = row.enabled ? await webhookUrlRefusal(url, deps.settings) : 'The endpoint is turned off';
  const outcome: Outcome = refusal ? { status: null, answer: null, error: refusal } : await send(url, headers, delivery.body);
  const succeeded = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;

  const pause = RETRY_PAUSES_SECONDS[round];
  const retry = !succeeded && row.enabled && pause !== undefined;
  const cap = deps.settings.WEBHOOK_RETRY_MAX_DELAY_SECONDS;
  const delaySeconds = pause === undefined ? 0 : cap === undefined ? pause : Math.min(pause, cap);
  const at = nowIso();
  const nextAttemptAt = retry ? new Date(Date.now() + delaySeconds * 1000).toISOString() : null;
  const status = succeeded ? 'succeeded' : retry ? 'pending' : 'failed';
  await runStatements(store.db, [
    insertAttemptStatement(store, {
      id: newId(),
      userId: store.userId,
      deliveryId,
      requestHeaders: JSON.stringify(headers),
      responseStatus: outcome.status,
      responseBody: outcome.answer,
      error: outcome.error,
      durationMs: Date.now() - begin,
      attemptedAt: started,
    }),
    settleDeliveryStatement(store, deliveryId, { status, statusCode: outcome.status, nextAttemptAt, at }),
    ...(status === 'pending' ? [] : [pruneDeliveriesStatement(store, delivery.endpointId)]),
  ]);
  if (retry) {
    await deps.jobs.send({ type: 'deliver_webhook', user_id: store.userId, delivery_id: deliveryId, round: round + 1 }, { delaySeconds });
  }
}
