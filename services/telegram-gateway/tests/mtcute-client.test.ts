import { defaultTestDc, readStringSession, writeStringSession } from '@mtcute/core/utils.js';
import { describe, expect, it } from 'vitest';
import { ClientPool } from '../src/client-pool.ts';
import { mtcuteClientFactory } from '../src/mtcute-client.ts';

// The real mtcute client, offline: a session string goes in and comes out the same, held in
// memory only; a string mtcute cannot read is a session to reconnect, not a crash.

const factory = mtcuteClientFactory({ apiId: 1, apiHash: 'offline', testMode: true });

describe('mtcute clients', () => {
  it('imports a session string and exports it unchanged, without touching the network', async () => {
    const authKey = new Uint8Array(256).map((_, i) => i);
    const session = writeStringSession({
      version: 3,
      primaryDcs: defaultTestDc,
      self: { userId: 7_100_000_001, isBot: false, isPremium: false, usernames: [] },
      authKey,
    });
    const port = await factory(session);
    try {
      const again = readStringSession(await port.exportSession());
      expect(again.self?.userId).toBe(7_100_000_001);
      expect(again.primaryDcs.main.id).toBe(defaultTestDc.main.id);
      expect([...again.authKey]).toEqual([...authKey]);
    } finally {
      await port.close();
    }
  });

  it('answers AUTH_KEY_UNREGISTERED for a session string it cannot read', async () => {
    const pool = new ClientPool(factory, { max: 2, idleMs: 60_000 });
    await expect(pool.use('not-a-session', async () => 'never')).rejects.toMatchObject({ status: 401, type: 'AUTH_KEY_UNREGISTERED' });
    await pool.closeAll();
  });
});
