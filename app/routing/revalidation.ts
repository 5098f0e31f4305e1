import type { ShouldRevalidateFunctionArgs } from '@remix-run/react';
import { isOfflineResult } from '../http/offline-safe-action';

/**
 * shouldRevalidate for pages whose writes may fail offline: after a write that never reached
 * Kith (offlineSafeAction) nothing changed, and reloading would fail the same way and replace
 * the page with the error boundary.
 */
export function skipAfterOfflineWrite(args: ShouldRevalidateFunctionArgs): boolean {
  return isOfflineResult(args.actionResult) ? false : args.defaultShouldRevalidate;
}
