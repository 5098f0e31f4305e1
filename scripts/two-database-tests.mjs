import { existsSync } from 'node:fs';

// The workerd tests `npm test` runs a second time with users spread over two D1 databases
// (KITH_TEST_SHARDS=2, ADR 015): the placement guard, and the files whose code reaches a
// database other than through one signed-in user's store (sign-up and account deletion, lookups
// by a secret across databases, cron fan-outs per database, per-database reference data, queue
// jobs building a user's store), plus the imports that write through a job. The whole suite in
// this mode is `KITH_TEST_SHARDS=2 npx vitest run`.
export const TWO_DATABASE_TESTS = [
  'tests/guard/user-databases.test.ts',
  'tests/guard/database-bindings.test.ts',
  'tests/api/account.test.ts',
  'tests/detail/bcc-email.test.ts',
  'tests/guard/inbound-email-abuse.test.ts',
  'tests/keep-in-touch/calendar-feed.test.ts',
  'tests/scale/cron-fan-out.test.ts',
  'tests/keep-in-touch/weekly-digest.test.ts',
  'tests/keep-in-touch/due-dates.test.ts',
  'tests/api/interaction-purge.test.ts',
  'tests/api/rate-limit-sweep.test.ts',
  'tests/reliability/job-registry.test.ts',
  'tests/imports/import-hand-over.test.ts',
  'tests/imports/csv-dialects.test.ts',
  'tests/reliability/deleted-stays-deleted.test.ts',
  'tests/account/security-events.test.ts',
  // The per-minute webhook scan fans out over each user database (ADR 030).
  'tests/webhooks/webhook-events.test.ts',
];

// A renamed file would silently drop out of the run: vitest runs whichever filters match.
const missing = TWO_DATABASE_TESTS.filter((file) => !existsSync(file));
if (missing.length) throw new Error(`scripts/two-database-tests.mjs names files that do not exist: ${missing.join(', ')}`);
