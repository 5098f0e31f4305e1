import { createHash } from 'node:crypto';
import { execSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { offlineEnv } from '../../scripts/wrangler.mjs';

/**
 * Applying every migration (the gazetteer among them) costs ~8 s; the journeys start two
 * dozen servers. One local D1 is migrated here, and each server starts from a copy.
 */
export const D1_TEMPLATE = '.wrangler/e2e-template';
/** What the template was migrated from: a hash of every migration file, names and contents. */
const STAMP = `${D1_TEMPLATE}.migrations`;

export { offlineEnv };

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync('migrations')
    .filter((f) => f.endsWith('.sql'))
    .sort())
    hash.update(file).update(readFileSync(`migrations/${file}`));
  return hash.digest('hex');
}

/**
 * A template migrated from the migrations as they are now: kept when its stamp matches them
 * (`npm test` makes it beside the type check and the build), migrated afresh otherwise.
 */
export function prepareD1Template(): void {
  const wanted = migrationsHash();
  if (existsSync(D1_TEMPLATE) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === wanted) return;
  rmSync(D1_TEMPLATE, { recursive: true, force: true });
  rmSync(STAMP, { force: true });
  execSync(`npx wrangler d1 migrations apply DB --local --persist-to ${D1_TEMPLATE}`, { env: offlineEnv, stdio: 'ignore', input: 'y\n' });
  writeFileSync(STAMP, wanted);
}

/** A migrated local D1 at `state`: a copy of the template, made first when a spec runs alone. */
export function freshD1(state: string): void {
  prepareD1Template();
  rmSync(state, { recursive: true, force: true });
  cpSync(D1_TEMPLATE, state, { recursive: true });
}
