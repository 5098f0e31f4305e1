import { getTableColumns, getTableName, type Table } from 'drizzle-orm';

/**
 * Many-row writes in one statement with ONE bound parameter: the rows travel as a JSON
 * array and SQLite unpacks them with json_each. D1 allows 100 bound parameters per
 * statement, so a plain multi-row INSERT of contacts (31 columns) fits 3 rows; this fits
 * hundreds, which is what makes a 30 000-row import take seconds instead of minutes.
 */
function columnNames(table: Table, keys?: string[]): { key: string; name: string }[] {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  return Object.entries(columns)
    .filter(([key]) => !keys || keys.includes(key))
    .map(([key, col]) => ({ key, name: col.name }));
}

/**
 * Inserts `rows` in one statement. Each row travels as a JSON array in the table's column order
 * and is turned into JSONB once (the MATERIALIZED row set), and each column is then read by its
 * position. Reading 37 contact columns by name from JSON text parsed the row again for every
 * column: 500 contacts took 38 ms in json_extract alone, about 80 % of the insert with its
 * indexes and triggers; this way it is 7-10 ms (node:sqlite, bench/import-profile.ts).
 */
export function jsonInsert<T extends Record<string, unknown>>(
  d1: D1Database,
  table: Table,
  rows: T[],
  mode: 'insert' | 'ignore' | 'replace' = 'insert',
): D1PreparedStatement {
  const cols = columnNames(table);
  const verb = mode === 'ignore' ? 'INSERT OR IGNORE' : mode === 'replace' ? 'INSERT OR REPLACE' : 'INSERT';
  const sql = `${verb} INTO "${getTableName(table)}" (${cols.map((c) => `"${c.name}"`).join(', ')})
    WITH r AS MATERIALIZED (SELECT jsonb(value) AS j FROM json_each(?1))
    SELECT ${cols.map((_, i) => `j ->> ${i}`).join(', ')} FROM r`;
  return d1.prepare(sql).bind(JSON.stringify(rows.map((row) => cols.map((c) => row[c.key] ?? null))));
}

/** Sets `keys` of each row (matched by id and user) to the values given, read as jsonInsert reads them. */
export function jsonUpdateById<T extends Record<string, unknown>>(
  d1: D1Database,
  table: Table,
  userId: string,
  rows: T[],
  keys: string[],
): D1PreparedStatement {
  const cols = columnNames(table, keys).filter((c) => c.name !== 'id');
  const name = getTableName(table);
  // Each row is [id, ...values]. The id IN (...) term lets SQLite walk the primary key instead of the whole table.
  const sql = `WITH r AS MATERIALIZED (SELECT jsonb(value) AS j FROM json_each(?2))
    UPDATE "${name}" SET ${cols.map((c, i) => `"${c.name}" = r.j ->> ${i + 1}`).join(', ')}
    FROM r WHERE "${name}".user_id = ?1 AND "${name}".id = r.j ->> 0
    AND "${name}".id IN (SELECT value ->> 0 FROM json_each(?2))`;
  return d1.prepare(sql).bind(userId, JSON.stringify(rows.map((row) => [row.id ?? null, ...cols.map((c) => row[c.key] ?? null)])));
}

/**
 * Checks the batch's foreign keys at its commit rather than after each statement, so rows may
 * be written before the row they point at within one batch (D1 runs a batch as a transaction).
 */
export function deferForeignKeysStatement(d1: D1Database): D1PreparedStatement {
  return d1.prepare('PRAGMA defer_foreign_keys = on');
}
