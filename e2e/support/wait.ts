import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

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

/**
 * Waits until keyboard focus is on the element `on` names. Focus often moves a frame or
 * two after the action that causes it (a dialog returns it on unmount), so reading
 * `document.activeElement` once right after the click is a race, not a check.
 */
export async function focusSettles(
  page: Page,
  on: { label: string } | { id: string } | { name: string },
  what: string,
  { timeoutMs = 3_000 } = {},
): Promise<void> {
  const [attribute, value] = 'label' in on ? ['aria-label', on.label] : 'id' in on ? ['id', on.id] : ['name', on.name];
  const focused = () => page.evaluate((attr) => document.activeElement?.getAttribute(attr) ?? null, attribute);
  const deadline = Date.now() + timeoutMs;
  let now = await focused();
  while (now !== value) {
    if (Date.now() > deadline) assert.fail(`${what}: focus stayed on ${attribute}=${JSON.stringify(now)}, not ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    now = await focused();
  }
}
