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

/**
 * A GET navigation that changes only the query string of the page already open: typing in a
 * search box, a filter, a sort or a page. Layout data (the signed-in user, the list's tags and
 * smart lists) cannot have changed, so those loaders need not run again on each keystroke.
 * Submissions and explicit revalidations (same URL) still refresh everything.
 */
function isQueryOnlyChange({ currentUrl, nextUrl, formMethod }: ShouldRevalidateFunctionArgs): boolean {
  return !formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search;
}

/** shouldRevalidate for layouts whose data does not depend on the query string. */
export function skipQueryOnlyChanges(args: ShouldRevalidateFunctionArgs): boolean {
  return isQueryOnlyChange(args) ? false : args.defaultShouldRevalidate;
}

/** The app layout's: neither after a write that never left, nor while the user types. */
export function skipLayoutReload(args: ShouldRevalidateFunctionArgs): boolean {
  return skipAfterOfflineWrite(args) && skipQueryOnlyChanges(args);
}
