import { vi } from 'vitest';

/**
 * Freezes `Date` one second into the current minute, so fixed-window rate limits see every call
 * of the test in one window without waiting for the wall clock; timers keep running. Undo with
 * `vi.useRealTimers()` (in a `finally` or `afterEach`).
 */
export function freezeAtStartOfMinute(): void {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'], now: now - (now % 60_000) + 1_000 });
}

/**
 * Fixes "now" (and so the user's today) at `instant` for the Worker and the test alike, so a
 * test whose dates are meant to lie after today passes in any year. Timers keep running. Undo
 * with `vi.useRealTimers()`.
 */
export function freezeClockAt(instant: string): void {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(instant) });
}
