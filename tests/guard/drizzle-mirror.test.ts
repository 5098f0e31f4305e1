import { env } from 'cloudflare:workers';
import { is, SQL } from 'drizzle-orm';
import { getTableConfig, SQLiteTable, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { databaseNamed } from '../../worker/db/stores';
import { getSettings, type Env } from '../../worker/env';
import { readDatabaseSchema, sqliteAffinity, type DatabaseTable } from '../support/database-schema';

// worker/db/schema/*.ts mirror migrations/*.sql so that queries are typed; the SQL files are
// the truth. This compares the two on every user database the test pool migrated: every
// table on both sides, each column's name, type affinity and nullability, the primary key,
// enum values against CHECK (col IN ...) lists, and the indexes drizzle declares. It also
// holds the layout: each table is declared in one domain file, and the barrel (index.ts)
// declares none and exports them all.

/** Tables of the database drizzle deliberately leaves out, each with why. */
const TABLES_NOT_MIRRORED: Record<string, string> = {
  _cf_METADATA: "D1's own table, which no query may read",
  d1_migrations: "the ledger of applied migrations (wrangler's and applyD1Migrations'), not the app's",
  contacts_fts: 'FTS5 index (migrations 0023, 0039), written only by triggers, searched with MATCH in raw SQL',
  contacts_fts_config: 'FTS5 shadow table of contacts_fts',
  contacts_fts_content: 'FTS5 shadow table of contacts_fts',
  contacts_fts_data: 'FTS5 shadow table of contacts_fts',
  contacts_fts_docsize: 'FTS5 shadow table of contacts_fts',
  contacts_fts_idx: 'FTS5 shadow table of contacts_fts',
  contacts_fts_terms: 'fts5vocab view of contacts_fts (migration 0023), read in raw SQL for spelling',
  spelling_words: 'kept by triggers on contacts and organizations (migration 0026), read in raw SQL (search/spelling.ts)',
};

/** Generated columns drizzle leaves out: an insert or update naming one fails. */
const COLUMNS_NOT_MIRRORED: Record<string, string> = {
  'contacts.name_words': 'virtual column (migration 0026) the spelling_words triggers read',
  'organizations.name_words': 'virtual column (migration 0026) the spelling_words triggers read',
};

/** pragma table_xinfo's `hidden`: 2 and 3 are generated columns (virtual, stored). */
const GENERATED = new Set([2, 3]);

const domainModules = import.meta.glob<Record<string, unknown>>(['../../worker/db/schema/*.ts', '!**/index.ts'], { eager: true });
const barrelSource = import.meta.glob<string>('../../worker/db/schema/index.ts', { eager: true, query: '?raw', import: 'default' });

function tablesOf(exports: Record<string, unknown>): SQLiteTable[] {
  return Object.values(exports).filter((value): value is SQLiteTable => is(value, SQLiteTable));
}

function drizzleTables(): SQLiteTable[] {
  return Object.values(domainModules).flatMap(tablesOf);
}

/** The values of `column IN ('a', 'b')` checks in a CREATE TABLE statement, by column. */
function checkedValues(createSql: string): Map<string, string[]> {
  const lists = new Map<string, string[]>();
  for (const [, column, values] of createSql.matchAll(/CHECK\s*\(\s*(\w+)\s+IN\s*\(([^)]*)\)/gi)) {
    lists.set(
      column!,
      values!.split(',').map((v) => v.trim().replace(/^'|'$/g, '')),
    );
  }
  return lists;
}

function primaryKeyOf(table: SQLiteTable): string[] {
  const config = getTableConfig(table);
  const composite = config.primaryKeys[0]?.columns.map((c) => c.name);
  return composite ?? config.columns.filter((c) => c.primary).map((c) => c.name);
}

function compareColumn(
  where: string,
  column: SQLiteColumn,
  actual: DatabaseTable['columns'][number],
  checks: Map<string, string[]>,
  primaryKey: string[],
): string[] {
  const problems: string[] = [];
  const declared = sqliteAffinity(column.getSQLType());
  if (declared !== sqliteAffinity(actual.type))
    problems.push(`${where}: drizzle ${column.getSQLType()}, database ${actual.type || '(no type)'}`);
  // SQLite lets a NULL into a PRIMARY KEY column not declared NOT NULL (a legacy quirk); drizzle
  // types a primary key as not null, and Kith never writes a NULL key, so that pair agrees.
  const databaseNotNull = actual.notNull || (primaryKey.length === 1 && primaryKey[0] === column.name);
  if (column.notNull !== databaseNotNull)
    problems.push(`${where}: drizzle ${column.notNull ? 'NOT NULL' : 'nullable'}, database ${actual.notNull ? 'NOT NULL' : 'nullable'}`);
  if (GENERATED.has(actual.hidden) !== Boolean(column.generated))
    problems.push(`${where}: generated in ${column.generated ? 'drizzle' : 'the database'} only`);
  const allowed = checks.get(column.name);
  const enumValues = column.enumValues as string[] | undefined;
  if (allowed && !enumValues) problems.push(`${where}: the database allows only ${allowed.join(', ')}; drizzle declares no enum`);
  if (allowed && enumValues && [...allowed].sort().join() !== [...enumValues].sort().join()) {
    problems.push(`${where}: drizzle enum ${enumValues.join(', ')}, database CHECK ${allowed.join(', ')}`);
  }
  return problems;
}

function compareTable(table: SQLiteTable, actual: DatabaseTable): string[] {
  const config = getTableConfig(table);
  const problems: string[] = [];
  const checks = checkedValues(actual.sql);
  const primaryKey = primaryKeyOf(table);
  const mirrored = new Map(config.columns.map((c) => [c.name, c]));
  for (const column of actual.columns) {
    const where = `${config.name}.${column.name}`;
    const drizzleColumn = mirrored.get(column.name);
    if (drizzleColumn) problems.push(...compareColumn(where, drizzleColumn, column, checks, primaryKey));
    else if (!COLUMNS_NOT_MIRRORED[where]) problems.push(`${where}: in the database, not in drizzle`);
  }
  for (const name of mirrored.keys()) {
    if (!actual.columns.some((c) => c.name === name)) problems.push(`${config.name}.${name}: in drizzle, not in the database`);
  }
  const actualKey = actual.columns
    .filter((c) => c.pk > 0)
    .sort((a, b) => a.pk - b.pk)
    .map((c) => c.name);
  if (actualKey.join() !== primaryKey.join())
    problems.push(`${config.name}: primary key drizzle (${primaryKey.join(', ')}), database (${actualKey.join(', ')})`);
  // An index drizzle declares (an onConflict target, a hint) must exist, unique if declared so.
  for (const { config: index } of config.indexes) {
    const columns = index.columns.map((c) => (is(c, SQL) ? '(expression)' : c.name)).join();
    if (!actual.indexes.some((i) => i.columns.join() === columns && (i.unique || !index.unique))) {
      problems.push(`${config.name}: drizzle's ${index.unique ? 'unique ' : ''}index ${index.name} (${columns}) is not in the database`);
    }
  }
  return problems;
}

describe('the drizzle schema mirrors the migrated database', () => {
  const tables = drizzleTables();

  it('finds the schema modules', () => {
    expect(tables.length).toBeGreaterThan(40);
  });

  it('declares each table in one domain file, and the barrel exports them all', async () => {
    const barrel: Record<string, unknown> = await import('../../worker/db/schema');
    const declaredIn = new Map<string, string[]>();
    for (const [file, exports] of Object.entries(domainModules)) {
      for (const table of tablesOf(exports)) {
        const name = getTableConfig(table).name;
        declaredIn.set(name, [...(declaredIn.get(name) ?? []), file]);
      }
    }
    const problems = [...declaredIn]
      .filter(([, files]) => files.length > 1)
      .map(([name, files]) => `${name}: declared in ${files.join(' and ')}`);
    const exported = new Set(tablesOf(barrel));
    for (const table of tables)
      if (!exported.has(table)) problems.push(`${getTableConfig(table).name}: not exported by worker/db/schema/index.ts`);
    for (const table of exported)
      if (!tables.includes(table)) problems.push(`${getTableConfig(table).name}: not declared in a domain file`);
    const [source] = Object.values(barrelSource);
    if (!source || /sqliteTable\(/.test(source))
      problems.push('worker/db/schema/index.ts declares a table: it only re-exports the domain files');
    expect(problems).toEqual([]);
  });

  for (const database of getSettings(env as unknown as Env).USER_DATABASES) {
    it(`${database}: every table and column agrees, with the listed exceptions only`, async () => {
      const actual = await readDatabaseSchema(databaseNamed(env as unknown as Env, database));
      const problems: string[] = [];
      const byName = new Map(tables.map((t) => [getTableConfig(t).name, t]));
      for (const [name, table] of byName) {
        const found = actual.get(name);
        if (!found) problems.push(`${name}: in drizzle, not in the database`);
        else if (TABLES_NOT_MIRRORED[name]) problems.push(`${name}: listed as not mirrored, yet drizzle declares it`);
        else problems.push(...compareTable(table, found));
      }
      for (const name of actual.keys()) {
        if (!byName.has(name) && !TABLES_NOT_MIRRORED[name]) problems.push(`${name}: in the database, not in drizzle`);
      }
      // The exceptions stay true: each names something that exists and is what it says.
      for (const name of Object.keys(TABLES_NOT_MIRRORED))
        if (!actual.has(name)) problems.push(`${name}: listed as not mirrored, but not in the database`);
      for (const where of Object.keys(COLUMNS_NOT_MIRRORED)) {
        const [table, column] = where.split('.');
        const found = actual.get(table!)?.columns.find((c) => c.name === column);
        if (!found || !GENERATED.has(found.hidden))
          problems.push(`${where}: listed as a generated column drizzle leaves out, but the database has no such generated column`);
      }
      expect(problems).toEqual([]);
    });
  }
});
