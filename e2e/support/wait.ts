import assert from 'node:assert/strict';

/**
 * Checks until `check` answers true, every `everyMs`: the one way a journey waits for work it
 * cannot observe through an element (a queue job, a sync, a server log). Fails naming `what`.
 */
export async function eventually(check: () => Promise<boolean>, what: string, { timeoutMs = 15_000, everyMs = 150 } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
