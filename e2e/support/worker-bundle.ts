import { execFileSync } from 'node:child_process';
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { build, buildIsStale, newestChange, SOURCES } from '../../scripts/build-if-stale.mjs';
import { offlineEnv } from '../../scripts/wrangler.mjs';

/**
 * The Worker as one bundled file, which every journey server runs with `wrangler dev --no-bundle`
 * (e2e/support/server.ts): bundling it again at each start cost ~4 of a start's ~14 s of CPU
 * (ADR 071). Made by the runner before the specs, and by a spec run alone when it is missing or
 * older than what it is made from, so a change to the app is never served from an old bundle.
 */
export const WORKER_BUNDLE_DIR = '.wrangler/e2e-worker';
export const WORKER_BUNDLE = `${WORKER_BUNDLE_DIR}/index.js`;

/** What the bundle is made from besides the build's own sources: the server build, and how wrangler bundles it. */
const BUNDLE_SOURCES = [...SOURCES, 'build/server', 'wrangler.toml', 'package-lock.json'];

export function workerBundleIsStale(): boolean {
  if (!existsSync(WORKER_BUNDLE)) return true;
  const made = statSync(WORKER_BUNDLE).mtimeMs;
  return BUNDLE_SOURCES.some((source) => newestChange(source) > made);
}

/** Builds the app if its sources changed since the last build, then bundles the Worker if it is stale. */
export function prepareWorkerBundle(): void {
  if (buildIsStale() && build() !== 0) throw new Error('npm run build failed: the journeys need the built app');
  if (!workerBundleIsStale()) return;
  // Written beside and renamed into place whole: servers of other specs may be reading it.
  const draft = `${WORKER_BUNDLE_DIR}.${process.pid}`;
  rmSync(draft, { recursive: true, force: true });
  try {
    // As `wrangler dev` bundles (its NODE_ENV is "development"; a deploy's is "production").
    execFileSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', draft], {
      env: { ...offlineEnv, NODE_ENV: 'development' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`bundling the Worker failed:\n${stdout?.toString() ?? ''}${stderr?.toString() ?? ''}`);
  }
  rmSync(WORKER_BUNDLE_DIR, { recursive: true, force: true });
  renameSync(draft, WORKER_BUNDLE_DIR);
}
