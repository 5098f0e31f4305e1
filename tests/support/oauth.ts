import { expect } from 'vitest';
import { as, type Session } from './client';

/**
 * An OAuth connect as a browser walks it: Kith's connect route (302 to the provider) → the
 * fake provider's consent screen, answering as `account` (302 back) → Kith's callback (302
 * into Settings). Returns the consent URL Kith built and where the callback lands.
 */
export async function connectThroughConsent(me: Session, connectPath: string, account: string): Promise<{ consent: URL; landing: URL }> {
  const start = await as(me, connectPath);
  expect(start.status).toBe(302);
  const consent = new URL(start.headers.get('location')!);
  consent.searchParams.set('fake_account', account);
  const back = await fetch(consent.toString(), { redirect: 'manual' });
  expect(back.status).toBe(302);
  const callback = new URL(back.headers.get('location')!);
  const done = await as(me, callback.pathname + callback.search);
  expect(done.status).toBe(302);
  return { consent, landing: new URL(done.headers.get('location')!, 'http://kith.test') };
}
