/** One table of a live database as SQLite describes it (sqlite_master and its pragmas). */
export interface DatabaseTable {
  name: string;
  /** The CREATE statement SQLite keeps (ALTER TABLE ... ADD COLUMN edits it in place). */
  sql: string;
  columns: { name: string; type: string; notNull: boolean; pk: number; hidden: number }[];
  /** Every index, with the columns it covers in order (an expression counts as '(expression)'). */
  indexes: { name: string; unique: boolean; columns: string[] }[];
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every table of `d1` (virtual ones and FTS shadow tables too), by name. */
export async function readDatabaseSchema(d1: D1Database): Promise<Map<string, DatabaseTable>> {
  const { results: tables } = await d1
    .prepare(
      "SELECT name, coalesce(sql, '') AS sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
    )
    .all<{ name: string; sql: string }>();
  const schema = new Map<string, DatabaseTable>();
  for (const { name, sql } of tables) {
    // D1's own tables (_cf_METADATA): its authorizer refuses every read of them, pragmas too.
    if (name.startsWith('_cf_')) {
      schema.set(name, { name, sql, columns: [], indexes: [] });
      continue;
    }
    // D1 refuses the pragma_* table functions but runs the PRAGMA statements (names quoted).
    const { results: columns } = await d1
      .prepare(`PRAGMA table_xinfo(${quoted(name)})`)
      .all<{ name: string; type: string; notnull: number; pk: number; hidden: number }>();
    const { results: indexList } = await d1.prepare(`PRAGMA index_list(${quoted(name)})`).all<{ name: string; unique: number }>();
    const indexes: DatabaseTable['indexes'] = [];
    for (const index of indexList) {
      const { results: keys } = await d1.prepare(`PRAGMA index_info(${quoted(index.name)})`).all<{ seqno: number; name: string | null }>();
      keys.sort((a, b) => a.seqno - b.seqno);
      indexes.push({ name: index.name, unique: index.unique === 1, columns: keys.map((k) => k.name ?? '(expression)') });
    }
    schema.set(name, {
      name,
      sql,
      columns: columns.map((c) => ({ name: c.name, type: c.type, notNull: c.notnull === 1, pk: c.pk, hidden: c.hidden })),
      indexes,
    });
  }
  return schema;
}

/** The type affinity SQLite gives a declared column type (https://sqlite.org/datatype3.html §3.1). */
export function sqliteAffinity(declared: string): 'INTEGER' | 'TEXT' | 'BLOB' | 'REAL' | 'NUMERIC' {
  const type = declared.toUpperCase();
  if (type.includes('INT')) return 'INTEGER';
  if (/CHAR|CLOB|TEXT/.test(type)) return 'TEXT';
  if (type === '' || type.includes('BLOB')) return 'BLOB';
  if (/REAL|FLOA|DOUB/.test(type)) return 'REAL';
  return 'NUMERIC';
}
