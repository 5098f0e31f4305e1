import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

const testEnv = env as unknown as { DB: D1Database; DB_SHARD_2?: D1Database; TEST_MIGRATIONS: Parameters<typeof applyD1Migrations>[1] };
await applyD1Migrations(testEnv.DB, testEnv.TEST_MIGRATIONS);
// KITH_TEST_SHARDS=2 (vitest.config.ts): the second user database gets the same schema.
if (testEnv.DB_SHARD_2) await applyD1Migrations(testEnv.DB_SHARD_2, testEnv.TEST_MIGRATIONS);
