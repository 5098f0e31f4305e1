#!/usr/bin/env node
// Runs the browser journeys (node:test + playwright-core + Debian's Chromium) against the
// built app served by `wrangler dev`. Without Chromium, and only outside CI, it skips loudly.
//
// Setup is paid once: one migrated D1 that every server copies (made again only when the
// migrations changed), and one server shared by the
// specs that need no settings of their own. Specs run E2E_CONCURRENCY at a time (default 2):
// each owns its users, ports and state folder, so no spec depends on another's order.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { prepareD1Template } from './support/d1-template.ts';
import { launchSharedBrowser, SHARED_BROWSER_ENV } from './support/browser.ts';
import { freePort } from './support/free-port.ts';
import { SHARED_FAKES_ENV, startFakeProviders } from './support/fakes.ts';
import { SERVER_POOL_ENV, serveApp, SHARED_APP_ENV, startServerPool, writeE2eConfig } from './support/server.ts';
import { prepareWorkerBundle } from './support/worker-bundle.ts';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  if (process.env.CI) {
    console.error(`E2E: Chromium not found at ${chromium}; CI must install it (apt-get install -y chromium).`);
    process.exit(1);
  }
  console.warn(
    '\n\x1b[41m E2E SKIPPED \x1b[0m Chromium not found at ' + chromium + '. Install it: apt-get install -y chromium fonts-dejavu-core\n',
  );
  process.exit(0);
}
// The app built and the Worker bundled once for every server, again only when a source is newer.
prepareWorkerBundle();
/**
 * The longest journeys (30–45 s each on two cores) start first, so none of them begins in the
 * last minute of the run with the other lane idle; the rest follow in name order.
 */
const LONGEST_FIRST = [
  'map',
  'accessibility',
  'contact-list',
  'contact-detail',
  'settings-reliability',
  'social-channels',
  'account-safety',
];
const only = process.argv.slice(2);
const rank = (file) => {
  const i = LONGEST_FIRST.indexOf(file.replace(/^e2e\/|\.spec\.ts$/g, ''));
  return i < 0 ? LONGEST_FIRST.length : i;
};
const specs = only.length
  ? only
  : readdirSync('e2e')
      .filter((f) => f.endsWith('.spec.ts'))
      .map((f) => `e2e/${f}`)
      .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
const concurrency = Number(process.env.E2E_CONCURRENCY ?? 2);

prepareD1Template();
writeE2eConfig();
// The shared server starts beside the first specs (the longest have servers of their own);
// a spec that wants it waits until it answers.
const sharedPort = await freePort();
const shared = serveApp({ name: 'shared', port: sharedPort });
shared.catch((error) => console.error(`E2E: the shared server did not start: ${error.message}`));
// One Chromium for every spec: each opens its own contexts in it (isolated cookies, storage
// and service workers) instead of starting a browser of its own.
const browser = await launchSharedBrowser();
// The fake providers, and the servers specs share by settings (the providers' server wired to
// every fake), started when a spec first asks.
const fakes = await startFakeProviders();
const pool = await startServerPool();
const status = await new Promise((resolve) => {
  const child = spawn(process.execPath, ['--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...specs], {
    stdio: 'inherit',
    env: {
      ...process.env,
      [SHARED_APP_ENV]: `http://127.0.0.1:${sharedPort}`,
      [SHARED_BROWSER_ENV]: browser.wsEndpoint(),
      [SHARED_FAKES_ENV]: fakes.url,
      [SERVER_POOL_ENV]: pool.url,
    },
  });
  child.on('exit', (code) => resolve(code ?? 1));
});
await browser.close();
await Promise.all([pool.stop(), (async () => (await shared.catch(() => null))?.stop())()]);
await fakes.close();
process.exit(status);
