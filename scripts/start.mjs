#!/usr/bin/env node
// `npm start`: build, apply migrations to the local D1, then serve on :8787 with the queue
// consumer and cron live (wrangler dev runs all four entry points locally).
import { execSync } from 'node:child_process';
import { ensureDevVars, localAppUrl } from './dev-vars.mjs';
import { offlineEnv, wrangler } from './wrangler.mjs';

const port = process.env.PORT ?? '8787';
ensureDevVars();
if (!process.argv.includes('--no-build')) execSync('npm run build', { stdio: 'inherit', env: offlineEnv });
execSync('npx wrangler d1 migrations apply DB --local', { stdio: 'inherit', env: offlineEnv, input: 'y\n' });
const appUrl = ['--var', `APP_URL:${localAppUrl(port)}`];
const child = wrangler([
  'dev',
  '--port',
  port,
  '--ip',
  '127.0.0.1',
  '--test-scheduled',
  ...appUrl,
  ...process.argv.slice(2).filter((a) => a !== '--no-build'),
]);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
