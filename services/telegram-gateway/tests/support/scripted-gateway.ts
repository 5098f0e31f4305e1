import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { gatewayApp } from '../../src/app.ts';
import { ClientPool } from '../../src/client-pool.ts';
import { scriptedClientFactory } from './scripted-telegram.ts';
import { world } from './world.ts';

// The real gateway as its own process on 127.0.0.1, with mtcute swapped for the scripted
// Telegram at the client boundary. Prints its URL once listening.

export const SCRIPTED_SECRET = 'contract-secret';

const pool = new ClientPool(scriptedClientFactory(world), { max: 4, idleMs: 60_000 });
const server = serve(
  { fetch: gatewayApp({ secret: SCRIPTED_SECRET, pool }).fetch, port: 0, hostname: '127.0.0.1' },
  (info: AddressInfo) => {
    console.log(`listening http://127.0.0.1:${info.port}`);
  },
);
process.on('SIGTERM', () => {
  server.close();
  void pool.closeAll().finally(() => process.exit(0));
});
