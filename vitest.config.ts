import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Tests run inside workerd with real D1 (every migration applied), real queue bindings and
// the real Worker (Hono + Remix). Outside services are fake HTTP servers started in
// tests/support/global-setup.ts; their base URL reaches the Worker as a binding.
// KITH_TEST_SHARDS=2 runs the same suite with users spread over two D1 databases (ADR 015).
const SHARDED = process.env.KITH_TEST_SHARDS === '2';

export default defineConfig(async () => {
  const migrations = await readD1Migrations('migrations');
  return {
    plugins: [
      cloudflareTest(({ inject }) => ({
        main: './worker/index.ts',
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          // A consumer batch waits 1 s in production (wrangler.toml); tests wait 50 ms.
          queueConsumers: {
            'kith-jobs': { maxBatchSize: 25, maxBatchTimeout: 0.05, maxRetries: 5, deadLetterQueue: 'kith-jobs-dlq' },
            'kith-jobs-dlq': { maxBatchSize: 25, maxBatchTimeout: 0.05, maxRetries: 10 },
          },
          // Both named: a d1Databases here replaces wrangler.toml's list.
          ...(SHARDED ? { d1Databases: { DB: '00000000-0000-4000-8000-000000000000', DB_SHARD_2: 'kith-shard-2' } } : {}),
          bindings: {
            ...(SHARDED ? { USER_DATABASES: 'DB,DB_SHARD_2' } : {}),
            TEST_MIGRATIONS: migrations,
            FAKE_PROVIDERS_URL: inject<string>('fakeProvidersUrl'),
            // The origin tests/support/client.ts calls (ORIGIN): links in emails and OAuth redirects.
            APP_URL: 'http://kith.test',
            MAPBOX_API_URL: `${inject<string>('fakeProvidersUrl')}/mapbox`,
            ENRICHMENT_API_URL: `${inject<string>('fakeProvidersUrl')}/apollo`,
            LLM_BASE_URL: `${inject<string>('fakeProvidersUrl')}/openai/v1`,
            DNS_OVER_HTTPS_URL: `${inject<string>('fakeProvidersUrl')}/doh/dns-query`,
            // The keys the fakes accept (tests/fakes/apollo.ts, openai.ts); the "not configured"
            // answers are tested by calling the domain with settings that lack them.
            ENRICHMENT_API_KEY: 'test-apollo-key',
            LLM_API_KEY: 'test-llm-key',
            GOOGLE_OAUTH_URL: `${inject<string>('fakeProvidersUrl')}/google/accounts`,
            GOOGLE_TOKEN_URL: `${inject<string>('fakeProvidersUrl')}/google/oauth2`,
            GOOGLE_API_URL: `${inject<string>('fakeProvidersUrl')}/google/people`,
            GMAIL_API_URL: `${inject<string>('fakeProvidersUrl')}/google/gmail`,
            GOOGLE_CALENDAR_API_URL: `${inject<string>('fakeProvidersUrl')}/google/calendar`,
            X_AUTH_URL: `${inject<string>('fakeProvidersUrl')}/x/i/oauth2/authorize`,
            X_API_URL: `${inject<string>('fakeProvidersUrl')}/x`,
            X_CLIENT_ID: 'test-x-client',
            X_CLIENT_SECRET: 'test-x-secret',
            TELEGRAM_GATEWAY_URL: `${inject<string>('fakeProvidersUrl')}/telegram-gateway`,
            TELEGRAM_GATEWAY_SECRET: 'test-telegram-secret',
            GOOGLE_CLIENT_ID: 'test-google-client',
            GOOGLE_CLIENT_SECRET: 'test-google-secret',
            ENCRYPTION_KEY: 'test-encryption-key',
            BCC_DOMAIN: 'in.kith.test',
            INBOUND_EMAIL_SECRET: 'test-inbound-secret',
            AUTH_RATE_LIMIT_PER_15_MIN: '5',
            API_RATE_LIMIT_PER_MINUTE: '100000',
            // Small enough for tests/mcp/oauth-client-limit.test.ts to reach; no other test makes 25 calls per connected app.
            MCP_CLIENT_RATE_LIMIT_PER_MINUTE: '25',
            // Small enough for tests/dav/write-limit.test.ts to reach; no other test writes 30 cards a minute as one user.
            DAV_WRITES_PER_MINUTE: '30',
            // New password hashes take 1 000 PBKDF2 rounds here, not production's 100 000: the
            // suite signs up thousands of users (worker/env.ts).
            PASSWORD_HASH_ITERATIONS: '1000',
            // Mapbox's in-job retries pause 10, 20, 40 ms here instead of 250, 500, 1 000.
            GEOCODING_RETRY_PAUSE_MS: '10',
            // The fakes' server is private (127.0.0.1): webhooks reach it as a self-hosted Kith
            // reaches its own tools (ADR 030), and retry at once instead of over a day.
            ALLOWED_PRIVATE_HOSTS: new URL(inject<string>('fakeProvidersUrl')).host,
            WEBHOOK_RETRY_MAX_DELAY_SECONDS: '0',
            // Web Push (ADR 034): a key pair made for the tests; devices subscribe at the fake
            // push service (tests/fakes/push-service.ts), reachable as an allowed private host.
            VAPID_PUBLIC_KEY: 'BCO9V4dzdq0azQbci1rqmSsF5cNDm7CPH2DrHJyWMQq3v_z8MDDxSL0rEJnMCIQlkVeO2higbMMP4o-bDWYlLiI',
            VAPID_PRIVATE_KEY: 'tlw2VYy24owIyM07QqL984KRQA-eltkRV2GdFfbkTjw',
            VAPID_SUBJECT: 'mailto:operator@kith.test',
          },
        },
      })),
    ],
    test: {
      include: ['tests/**/*.test.ts'],
      globalSetup: ['./tests/support/global-setup.ts'],
      setupFiles: ['./tests/support/apply-migrations.ts'],
      deps: { optimizer: { ssr: { enabled: true, include: ['@remix-run/cloudflare'] } } },
      testTimeout: 20_000,
      // One Worker serves every test file: setting up a fresh one per file cost most of the
      // suite's time. Tests own their users and assert only on their own rows.
      isolate: false,
      // Two Workers at least, even on two cores: one left the second core mostly idle (load
      // average 1.9 while two ran), as the tests wait on D1, queues and the fakes as much as they
      // compute. On this 2-core machine the suite went from 122 s to 75-78 s.
      maxWorkers: Math.max(2, availableParallelism() - 1),
    },
  };
});
