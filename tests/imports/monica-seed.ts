import { expect, inject } from 'vitest';
import { as, json, type Session } from '../support/client';
import { waitForImport } from '../support/imports';

// The Monica import against the fake Monica (tests/fakes/monica.ts): an account seeded under a
// key of the test's own, imported with its token as the Import page does.

const fake = () => inject('fakeProvidersUrl');

/** What the fake Monica account holds: its API lists, its stored files, how slowly it serves them. */
export interface MonicaSeed {
  lists: unknown;
  files?: Record<string, { type: string; base64: string }>;
  storeDelayMs?: number;
}

/** Imports the fake Monica account `key` and waits for the import to end. */
export async function importFromMonica(me: Session, key: string, timeoutMs = 60_000) {
  const res = await as(me, '/api/v1/imports/monica', { method: 'POST', json: { url: `${fake()}/monica/${key}`, token: 'monica-token' } });
  expect(res.status).toBe(202);
  return waitForImport(me, (await json(res)).data.import_id, timeoutMs);
}

/** Gives the fake Monica account `key` what it holds (again: a re-seed is Monica edited since). */
export async function seedMonica(key: string, seed: MonicaSeed) {
  const res = await fetch(`${fake()}/monica/__seed`, { method: 'POST', body: JSON.stringify({ key, token: 'monica-token', ...seed }) });
  expect(res.ok).toBe(true);
}

/** Seeds the fake Monica account `key`, imports it, and returns the finished import with its report's counts by kind. */
export async function seedAndImport(me: Session, key: string, seed: MonicaSeed) {
  await seedMonica(key, seed);
  const done = await importFromMonica(me, key);
  expect(done.status).toBe('done');
  const counts: Record<string, number> = Object.fromEntries(
    (done.report as { kind: string; count: number }[]).map((l) => [l.kind, l.count]),
  );
  return { done, counts };
}
