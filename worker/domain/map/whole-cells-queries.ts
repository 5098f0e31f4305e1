import { sql, type SQL } from 'drizzle-orm';
import { ROWS_PER_COLUMN, type WholeCells } from './world-cells';

/** The rows of contact_map_cells (migration 0031) inside blocks of whole cells (cellsOfBox). */
export function wholeCellsCondition(whole: WholeCells[]): SQL {
  const blocks = whole.map(
    ({ columns: [west, east], rows: [south, north] }) =>
      sql`(cell BETWEEN ${west * ROWS_PER_COLUMN} AND ${(east + 1) * ROWS_PER_COLUMN - 1} AND cell % ${ROWS_PER_COLUMN} BETWEEN ${south} AND ${north})`,
  );
  return sql`(${sql.join(blocks, sql` OR `)})`;
}
