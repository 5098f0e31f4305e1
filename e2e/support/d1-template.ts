import { cpSync, existsSync, rmSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { offlineEnv } from '../../scripts/wrangler.mjs';

/**
 * Applying every migration (the gazetteer among them) costs ~8 s; the journeys start two
 * dozen servers. The runner migrates one local D1 here once, and each server starts from a copy.
 */
export const D1_TEMPLATE = '.wrangler/e2e-template';

export { offlineEnv };

/** Migrates a fresh template (the runner calls this once per run, so it is never stale). */
export function prepareD1Template(): void {
  rmSync(D1_TEMPLATE, { recursive: true, force: true });
  execSync(`npx wrangler d1 migrations apply DB --local --persist-to ${D1_TEMPLATE}`, { env: offlineEnv, stdio: 'ignore', input: 'y\n' });
}

/** A migrated local D1 at `state`: a copy of the template, made first when a spec runs alone. */
export function freshD1(state: string): void {
  if (!existsSync(D1_TEMPLATE)) prepareD1Template();
  rmSync(state, { recursive: true, force: true });
  cpSync(D1_TEMPLATE, state, { recursive: true });
}
