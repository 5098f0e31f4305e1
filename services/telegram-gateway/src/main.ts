import { serve } from '@hono/node-server';
import { gatewayApp } from './app.ts';
import { ClientPool } from './client-pool.ts';
import { mtcuteClientFactory } from './mtcute-client.ts';
import { weakSecretReason } from './secret-strength.ts';

// `npm run telegram-gateway`: the gateway on PORT (default 8788), for Kith's TELEGRAM_GATEWAY_URL.

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`telegram-gateway: set ${name} (see README, "Telegram gateway")`);
    process.exit(1);
  }
  return value;
}

const apiId = Number(required('TELEGRAM_API_ID'));
const apiHash = required('TELEGRAM_API_HASH');
const secret = required('TELEGRAM_GATEWAY_SECRET');
const weak = weakSecretReason(secret);
if (weak) {
  console.error(
    `telegram-gateway: TELEGRAM_GATEWAY_SECRET is too weak to start with: ${weak}. Make one with \`openssl rand -hex 32\` and give Kith the same value (README, "Telegram gateway").`,
  );
  process.exit(1);
}
if (!Number.isInteger(apiId) || apiId <= 0) {
  console.error('telegram-gateway: TELEGRAM_API_ID must be the number from my.telegram.org');
  process.exit(1);
}

const pool = new ClientPool(mtcuteClientFactory({ apiId, apiHash, testMode: process.env.TELEGRAM_TEST_DC === '1' }), {
  max: Number(process.env.TELEGRAM_GATEWAY_MAX_CLIENTS ?? 32),
  idleMs: Number(process.env.TELEGRAM_GATEWAY_IDLE_SECONDS ?? 300) * 1000,
});
const port = Number(process.env.PORT ?? 8788);
const hostname = process.env.HOST ?? '127.0.0.1';
const server = serve({ fetch: gatewayApp({ secret, pool, log: (line) => console.log(line) }).fetch, port, hostname }, () => {
  console.log(
    `telegram-gateway listening on http://${hostname}:${port}${process.env.TELEGRAM_TEST_DC === '1' ? ' (Telegram test data centres)' : ''}`,
  );
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    void pool.closeAll().finally(() => process.exit(0));
  });
}
