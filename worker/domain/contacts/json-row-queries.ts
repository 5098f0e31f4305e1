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

/** Rows keyed by column name, so SQL can pick them out with '$.<column>'. */
function toJson<T extends Record<string, unknown>>(table: Table, rows: T[], keys?: string[]): string {
  const cols = columnNames(table, keys);
  return JSON.stringify(rows.map((row) => Object.fromEntries(cols.map((c) => [c.name, row[c.key] ?? null]))));
}

export function jsonInsert<T extends Record<string, unknown>>(
  d1: D1Database,
  table: Table,
  rows: T[],
  mode: 'insert' | 'ignore' | 'replace' = 'insert',
): D1PreparedStatement {
  const cols = columnNames(table);
  const verb = mode === 'ignore' ? 'INSERT OR IGNORE' : mode === 'replace' ? 'INSERT OR REPLACE' : 'INSERT';
  const sql = `${verb} INTO "${getTableName(table)}" (${cols.map((c) => `"${c.name}"`).join(', ')}) SELECT ${cols
    .map((c) => `json_extract(value, '$.${c.name}')`)
    .join(', ')} FROM json_each(?1)`;
  return d1.prepare(sql).bind(toJson(table, rows));
}

/** Sets `keys` of each row (matched by id and user) to the values given. */
export function jsonUpdateById<T extends Record<string, unknown>>(
  d1: D1Database,
  table: Table,
  userId: string,
  rows: T[],
  keys: string[],
): D1PreparedStatement {
  const cols = columnNames(table, keys).filter((c) => c.name !== 'id');
  const name = getTableName(table);
  // The id IN (...) term lets SQLite walk the primary key instead of the whole table.
  const sql = `UPDATE "${name}" SET ${cols.map((c) => `"${c.name}" = json_extract(j.value, '$.${c.name}')`).join(', ')}
    FROM json_each(?2) AS j WHERE "${name}".user_id = ?1 AND "${name}".id = json_extract(j.value, '$.id')
    AND "${name}".id IN (SELECT json_extract(value, '$.id') FROM json_each(?2))`;
  return d1.prepare(sql).bind(userId, toJson(table, rows, ['id', ...keys]));
}
