#!/usr/bin/env node
// `npm test`: type-check, lint, build, the Telegram gateway (plain Node), the workerd suite, then the browser journeys.
import { spawnSync } from 'node:child_process';
import { offlineEnv } from './wrangler.mjs';

const steps = [
  ['typecheck', ['npm', 'run', '-s', 'typecheck']],
  ['lint', ['npm', 'run', '-s', 'lint']],
  ['build', ['npm', 'run', '-s', 'build']],
  ['no server secrets in the browser bundle', ['node', 'scripts/check-client-secrets.mjs']],
  ['telegram gateway tests', ['npm', 'run', '-s', 'test:telegram-gateway']],
  ['workerd tests', ['npx', 'vitest', 'run']],
  ['browser tests', ['node', 'e2e/run.mjs']],
];

const timings = [];
const printTimings = () => {
  const total = timings.reduce((sum, [, seconds]) => sum + seconds, 0);
  console.log('\nstep times:');
  for (const [name, seconds] of timings) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
  console.log(`  ${total.toFixed(1).padStart(7)} s  in all`);
};

for (const [name, [cmd, ...args]] of steps) {
  console.log(`\n\x1b[1m▶ ${name}\x1b[0m`);
  const started = performance.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: offlineEnv });
  timings.push([name, (performance.now() - started) / 1000]);
  if (result.status !== 0) {
    printTimings();
    console.error(`\n✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
printTimings();
console.log('\n✔ all checks passed');
