/* global document -- in-page parts run in Chromium */
// `node bench/per-query-local.mjs [--slow] [--runs=N]`: keystroke to painted rows from the local
// index for each of the keystroke bench's queries on its own (issue #49), in Chromium against the
// `--local` dataset (.wrangler/bench-local) and a build: which keys make the median and the p95.
import { chromium } from 'playwright-core';
import { rowsPaintedFor, timeLastKey, QUERIES } from './keystroke-local.mjs';
import { summarise } from './measure.mjs';
import { startServer } from './server.mjs';

const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 5);
const slow = process.argv.includes('--slow');
const server = await startServer({
  stateDir: process.env.BENCH_STATE ?? '.wrangler/bench-local',
  port: Number(process.env.BENCH_PORT ?? 8790),
  vars: { API_RATE_LIMIT_PER_MINUTE: '100000000' },
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const context = await browser.newContext({ viewport: { width: 1360, height: 860 }, serviceWorkers: 'block' });
  await context.addCookies([{ name: 'kith_session', value: 'bench-session-main', url: server.url }]);
  const page = await context.newPage();
  await page.goto(`${server.url}/settings`);
  await page.getByTestId('local-search-status').filter({ hasText: 'contacts kept here' }).waitFor({ timeout: 600_000 });
  await page.route(/_data=/, () => {});
  await page.goto(`${server.url}/contacts`);
  await page.waitForFunction(() => document.querySelector('[data-rows-for]') !== null);
  const box = page.getByRole('searchbox', { name: 'Search contacts' });
  await box.fill('ma');
  await page.evaluate(rowsPaintedFor, 'ma');
  if (slow) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const times = new Map(QUERIES.map((q) => [q, []]));
  for (let run = 0; run < runs; run++) for (const q of QUERIES) times.get(q).push(await timeLastKey(page, q));
  for (const [q, list] of times) console.log(`${JSON.stringify(q).padEnd(16)} ${JSON.stringify(summarise(list))}`);
  console.log(`all ${JSON.stringify(summarise([...times.values()].flat()))}`);
} finally {
  await browser.close();
  await server.stop();
}
