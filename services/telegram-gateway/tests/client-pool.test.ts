import { tl } from '@mtcute/core';
import { afterEach, describe, expect, it } from 'vitest';
import { gatewayApp } from '../src/app.ts';
import { ClientPool } from '../src/client-pool.ts';
import type { ClientFactory, TelegramPort } from '../src/telegram-port.ts';

// The live-client cache: bounded, idle clients closed, keyed by the session as it is now.

function countingFactory() {
  const opened: string[] = [];
  const closed: string[] = [];
  const factory: ClientFactory = async (session) => {
    let current = session ?? 'fresh';
    opened.push(current);
    const port: TelegramPort = {
      call: async (request) => {
        if (current === 'ended') throw tl.RpcError.fromTl({ _: 'mt_rpc_error', errorCode: 401, errorMessage: 'AUTH_KEY_UNREGISTERED' });
        if (request._ === 'messages.getDialogs') current = `${current}+dc2`; // as after a DC migration
        return { _: 'messages.dialogs', dialogs: [], messages: [], chats: [], users: [] } as never;
      },
      sendCode: async () => 'hash',
      signIn: async () => {
        throw new Error('unused');
      },
      checkPassword: async () => {
        throw new Error('unused');
      },
      exportSession: async () => current,
      close: async () => void closed.push(current),
    };
    return port;
  };
  return { factory, opened, closed };
}

const pools: ClientPool[] = [];
const pool = (factory: ClientFactory, max = 2, idleMs = 60_000) => {
  const p = new ClientPool(factory, { max, idleMs });
  pools.push(p);
  return p;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.closeAll()));
});

describe('live clients', () => {
  it('reuses one client per session and closes the least recently used beyond the limit', async () => {
    const { factory, opened, closed } = countingFactory();
    const clients = pool(factory, 2);
    await clients.use('a', async () => {});
    await clients.use('b', async () => {});
    await clients.use('a', async () => {});
    expect(opened).toEqual(['a', 'b']);
    await clients.use('c', async () => {});
    expect(closed).toEqual(['b']);
    expect(clients.size).toBe(2);
  });

  it('closes clients left idle', async () => {
    const { factory, closed } = countingFactory();
    const clients = pool(factory, 8, 1_000);
    await clients.use('a', async () => {});
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    expect(closed).toEqual(['a']);
    expect(clients.size).toBe(0);
  });

  it('answers the updated session and finds the client again by it', async () => {
    const { factory, opened } = countingFactory();
    const clients = pool(factory);
    const first = await clients.use('a', (c) => c.port.call({ _: 'messages.getDialogs' } as never));
    expect(first.session).toBe('a+dc2');
    await clients.use('a+dc2', async () => {});
    expect(opened).toEqual(['a']);
  });

  it('drops the client of a session Telegram ended', async () => {
    const { factory, closed } = countingFactory();
    const clients = pool(factory);
    await expect(clients.use('ended', (c) => c.port.call({ _: 'help.getConfig' } as never))).rejects.toBeInstanceOf(tl.RpcError);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(closed).toEqual(['ended']);
    expect(clients.size).toBe(0);
  });

  it('never writes a session into its log, and answers the changed one', async () => {
    const { factory } = countingFactory();
    const lines: string[] = [];
    const app = gatewayApp({ secret: 's3cret', pool: pool(factory), log: (line) => lines.push(line) });
    const res = await app.request('/v1/dialogs', {
      method: 'POST',
      headers: { authorization: 'Bearer s3cret', 'content-type': 'application/json' },
      body: JSON.stringify({ session: 'very-private-session', limit: 5 }),
    });
    expect(await res.json()).toEqual({ dialogs: [], session: 'very-private-session+dc2' });
    expect(lines).toHaveLength(1);
    expect(lines.join('\n')).not.toContain('very-private');
  });
});
