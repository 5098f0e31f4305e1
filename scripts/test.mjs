#!/usr/bin/env node
// `npm test`: type-check, lint and build side by side (with the Telegram gateway's plain-Node
// tests and the browser journeys' migrated database), then the bundle checks (and the journeys'
// Worker bundle), the workerd suite,
// its store-touching files again with users on two databases, and the browser journeys, one after another.
import { spawn } from 'node:child_process';
import { TWO_DATABASE_TESTS } from './two-database-tests.mjs';
import { offlineEnv } from './wrangler.mjs';

/** Steps of a stage run at once; a stage starts when the one before it has passed. */
const stages = [
  [
    ['typecheck', ['npm', 'run', '-s', 'typecheck']],
    ['lint', ['npm', 'run', '-s', 'lint']],
    ['build', ['npm', 'run', '-s', 'build']],
    ['telegram gateway tests', ['npm', 'run', '-s', 'test:telegram-gateway']],
    ["browser tests' database", ['node', 'e2e/prepare-database.mjs']],
  ],
  [
    ['no server secrets in the browser bundle', ['node', 'scripts/check-client-secrets.mjs']],
    ['no server libraries in the browser bundle', ['node', 'scripts/check-client-libraries.mjs']],
    ["browser tests' Worker bundle", ['node', 'e2e/prepare-worker-bundle.mjs']],
  ],
  [['workerd tests', ['npx', 'vitest', 'run']]],
  [['workerd tests on two databases', ['npx', 'vitest', 'run', ...TWO_DATABASE_TESTS], { KITH_TEST_SHARDS: '2' }]],
  // Without the journeys' screenshots unless asked (`E2E_SCREENSHOTS=1 npm test`): no check reads them.
  [['browser tests', ['node', 'e2e/run.mjs'], { E2E_SCREENSHOTS: process.env.E2E_SCREENSHOTS ?? '0' }]],
];

/** How much of a failed step's output is printed again beside its name at the end. */
const TAIL_LINES = 30;

const timings = [];
const printTimings = (wallSeconds) => {
  console.log('\nstep times:');
  for (const [name, seconds] of timings) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
  console.log(`  ${wallSeconds.toFixed(1).padStart(7)} s  in all (steps of a stage run side by side)`);
};

/**
 * Runs one step. Alone in its stage it writes straight to the terminal; beside others its
 * output is held and printed whole when it ends, so the logs do not interleave.
 */
function run(name, [cmd, ...args], alone, env = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    if (alone) console.log(`\n\x1b[1m▶ ${name}\x1b[0m`);
    const child = spawn(cmd, args, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: { ...offlineEnv, ...env } });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      timings.push([name, seconds]);
      if (!alone) {
        console.log(`\n\x1b[1m▶ ${name}\x1b[0m (${seconds.toFixed(1)} s)`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ name, code: code ?? 1, output: alone ? '' : Buffer.concat(output).toString('utf8') });
    });
  });
}

const start = performance.now();
for (const stage of stages) {
  const results = await Promise.all(stage.map(([name, command, env]) => run(name, command, stage.length === 1, env)));
  // Every step of the stage ran to its end: name each that failed, not only the first, so a
  // second failure does not stay hidden until the first is fixed.
  const failed = results.filter((r) => r.code !== 0);
  if (failed.length > 0) {
    printTimings((performance.now() - start) / 1000);
    for (const { name, code, output } of failed) {
      console.error(`\n✖ ${name} failed (exit code ${code})`);
      // A step that ran beside others printed its output above, among theirs: its end again here.
      if (output) console.error(output.trimEnd().split('\n').slice(-TAIL_LINES).join('\n'));
    }
    process.exit(failed[0].code);
  }
}
printTimings((performance.now() - start) / 1000);
console.log('\n✔ all checks passed');
