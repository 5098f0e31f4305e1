import type { ShouldRevalidateFunctionArgs } from '@remix-run/react';

/**
 * A GET navigation that changes only the query string of the page already open: typing in a
 * search box, a filter, a sort or a page. Layout data (the signed-in user, the list's tags and
 * smart lists) cannot have changed, so those loaders need not run again on each keystroke.
 * Submissions and explicit revalidations (same URL) still refresh everything.
 */
export function isQueryOnlyChange({ currentUrl, nextUrl, formMethod }: ShouldRevalidateFunctionArgs): boolean {
  return !formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search;
}

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

/** shouldRevalidate for layouts whose data does not depend on the query string. */
export function skipQueryOnlyChanges(args: ShouldRevalidateFunctionArgs): boolean {
  return isQueryOnlyChange(args) || followsOfflineWrite(args) ? false : args.defaultShouldRevalidate;
}
