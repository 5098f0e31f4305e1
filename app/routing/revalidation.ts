import type { ShouldRevalidateFunctionArgs } from '@remix-run/react';

/**
 * After a write that never reached Kith (offlineSafeAction) nothing changed, and reloading
 * would fail the same way and replace the page with the error boundary.
 */
export function followsOfflineWrite({ actionResult }: ShouldRevalidateFunctionArgs): boolean {
  return (actionResult as { error?: { code?: string } } | undefined)?.error?.code === 'offline';
}

/** shouldRevalidate for pages whose writes may fail offline. */
export function skipAfterOfflineWrite(args: ShouldRevalidateFunctionArgs): boolean {
  return followsOfflineWrite(args) ? false : args.defaultShouldRevalidate;
}
