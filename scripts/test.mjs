#!/usr/bin/env node
// `npm test`: type-check, lint, build, the workerd suite, then the browser journeys.
import { spawnSync } from 'node:child_process';
import { offlineEnv } from './wrangler.mjs';

const steps = [
  ['typecheck', ['npm', 'run', '-s', 'typecheck']],
  ['lint', ['npm', 'run', '-s', 'lint']],
  ['build', ['npm', 'run', '-s', 'build']],
  ['no server secrets in the browser bundle', ['node', 'scripts/check-client-secrets.mjs']],
  ['workerd tests', ['npx', 'vitest', 'run']],
  ['browser tests', ['node', 'e2e/run.mjs']],
];

for (const [name, [cmd, ...args]] of steps) {
  console.log(`\n\x1b[1m▶ ${name}\x1b[0m`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: offlineEnv });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log('\n✔ all checks passed');
