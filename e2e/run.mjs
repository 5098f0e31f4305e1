#!/usr/bin/env node
// Runs the browser journeys (node:test + playwright-core + Debian's Chromium) against the
// built app served by `wrangler dev`. Without Chromium, and only outside CI, it skips loudly.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  if (process.env.CI) {
    console.error(`E2E: Chromium not found at ${chromium}; CI must install it (apt-get install -y chromium).`);
    process.exit(1);
  }
  console.warn('\n\x1b[41m E2E SKIPPED \x1b[0m Chromium not found at ' + chromium + '. Install it: apt-get install -y chromium fonts-dejavu-core\n');
  process.exit(0);
}
if (!existsSync('build/server/index.js')) spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
const only = process.argv.slice(2);
const specs = only.length ? only : readdirSync('e2e').filter((f) => f.endsWith('.spec.ts')).map((f) => `e2e/${f}`);
const result = spawnSync(process.execPath, ['--test', '--test-concurrency=1', '--test-reporter=spec', ...specs], { stdio: 'inherit' });
process.exit(result.status ?? 1);
