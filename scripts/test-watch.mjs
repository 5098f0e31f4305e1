#!/usr/bin/env node
// `npm run test:watch [-- files]`: vitest in watch mode inside workerd. worker/ and tests/
// changes reach vitest directly; app/ changes rebuild the Remix bundle (build/server), which
// vitest then sees. Nothing is rebuilt for a change that does not need it.
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { build, buildIsStale } from './build-if-stale.mjs';
import { offlineEnv } from './wrangler.mjs';

if (buildIsStale() && build() !== 0) process.exit(1);

let timer;
watch('app', { recursive: true }, () => {
  clearTimeout(timer);
  timer = setTimeout(() => {
    if (buildIsStale()) build();
  }, 200);
});

const vitest = spawn('npx', ['vitest', ...process.argv.slice(2)], { stdio: 'inherit', env: offlineEnv });
vitest.on('exit', (code) => process.exit(code ?? 0));
