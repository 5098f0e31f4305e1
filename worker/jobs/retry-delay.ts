import type { Settings } from '../env';

/** A queue retry delay, capped by JOB_RETRY_MAX_DELAY_SECONDS when an operator sets it. */
export function cappedRetryDelay(settings: Settings, delaySeconds: number): number {
  const cap = settings.JOB_RETRY_MAX_DELAY_SECONDS;
  return cap === undefined ? delaySeconds : Math.min(delaySeconds, cap);
}
