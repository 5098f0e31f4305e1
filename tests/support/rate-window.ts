/**
 * Waits for the next fixed window (aligned as worker/domain/auth/rate-limit.ts aligns them) when
 * fewer than `needSeconds` are left in this one: a test that spends a budget and then expects its
 * 429 must not see the window restart halfway (it failed so at 05:45:00 in a full run).
 */
export async function startEarlyInWindow(windowSeconds: number, needSeconds: number): Promise<void> {
  const left = windowSeconds - ((Date.now() / 1000) % windowSeconds);
  if (left < needSeconds) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 100));
}
