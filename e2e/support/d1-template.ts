import { createHash } from 'node:crypto';
import { execSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { offlineEnv } from '../../scripts/wrangler.mjs';

/**
 * Applying every migration (the gazetteer among them) costs ~8 s; the journeys start two
 * dozen servers. One local D1 is migrated here, and each server starts from a copy.
 */
export const D1_TEMPLATE = '.wrangler/e2e-template';
/** What the template was migrated from: a hash of every migration file, names and contents. */
const STAMP = `${D1_TEMPLATE}.migrations`;

export { offlineEnv };

function migrationFiles(): string[] {
  return readdirSync('migrations')
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of migrationFiles()) hash.update(file).update(readFileSync(`migrations/${file}`));
  return hash.digest('hex');
}

/** The table `wrangler d1 migrations apply` keeps, as it creates it, so the template says what it holds. */
const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "d1_migrations"(
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		name       TEXT UNIQUE,
		applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`;

/**
 * A template migrated from the migrations as they are now: kept when its stamp matches them
 * (`npm test` makes it beside the type check and the build), migrated afresh otherwise.
 * The migrations run as one file through one `wrangler d1 execute`, which starts workerd once:
 * `wrangler d1 migrations apply` starts it for every migration (57 starts, ~57 s of CPU on
 * 2026-11-29 against ~8 s this way; the same 82 tables, 243 objects and 24 825 rows).
 */
export function prepareD1Template(): void {
  const wanted = migrationsHash();
  if (existsSync(D1_TEMPLATE) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === wanted) return;
  rmSync(D1_TEMPLATE, { recursive: true, force: true });
  rmSync(STAMP, { force: true });
  const files = migrationFiles();
  const sql = `${D1_TEMPLATE}.sql`;
  // A fresh clone has no .wrangler yet (wrangler itself makes it on its first run).
  mkdirSync('.wrangler', { recursive: true });
  writeFileSync(
    sql,
    [
      ...files.map((file) => `${readFileSync(`migrations/${file}`, 'utf8')}\n;`),
      MIGRATIONS_TABLE,
      `INSERT INTO d1_migrations (name) VALUES ${files.map((file) => `('${file}')`).join(', ')};`,
    ].join('\n'),
  );
  execSync(`npx wrangler d1 execute DB --local --persist-to ${D1_TEMPLATE} --file ${sql} --yes`, { env: offlineEnv, stdio: 'ignore' });
  rmSync(sql);
  writeFileSync(STAMP, wanted);
}

/** A migrated local D1 at `state`: a copy of the template, made first when a spec runs alone. */
export function freshD1(state: string): void {
  prepareD1Template();
  rmSync(state, { recursive: true, force: true });
  cpSync(D1_TEMPLATE, state, { recursive: true });
}
