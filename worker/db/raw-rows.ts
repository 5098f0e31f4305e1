import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

/**
 * Rows a raw statement read (`SELECT * FROM <table>`, snake_case as D1 answers) in the shape
 * drizzle's select of `table` gives: its keys, each value through its column's decoder. For raw
 * statements that must share one D1 batch with others (drizzle's batch cannot take raw ones).
 */
export function rowsOf<T extends Table>(table: T, raw: Record<string, unknown>[]): InferSelectModel<T>[] {
  const columns = Object.entries(getTableColumns(table));
  return raw.map(
    (row) =>
      Object.fromEntries(
        columns.map(([key, column]) => {
          const value = row[column.name];
          return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
        }),
      ) as InferSelectModel<T>,
  );
}
