import { longitudeRanges, type MapBox } from './map-box';

/** The side of a world grid cell in degrees (contacts_user_map_cell and WORLD_CELL). */
const WORLD_CELL_DEGREES = 0.703125;
/** Latitude cells per longitude column in a cell number: cell = column * 512 + row. */
export const ROWS_PER_COLUMN = 512;
/** Longitude 180 falls in column 512 and latitude 90 in row 256: grids one past the last whole cell. */
const LAST_COLUMN = 360 / WORLD_CELL_DEGREES;
const LAST_ROW = 180 / WORLD_CELL_DEGREES;
// A contact's cell is computed from a rounded sum (longitude + 180), so one within a few ulps of a
// cell's edge may sit in the cell beside it. A cell counts as inside the box only with this margin.
const EDGE_MARGIN = 1e-9;

/** A block of whole cells inside the box: columns and rows, each an inclusive range. */
export interface WholeCells {
  columns: [number, number];
  rows: [number, number];
}

/** Which world cells a box holds whole, and which it cuts (whose contacts must be checked one by one). */
export interface BoxCells {
  whole: WholeCells[];
  cut: number[];
}

/** The cells of one axis a range touches, and the run of them it holds whole. */
function axis(from: number, to: number, origin: number, last: number, min: number, max: number) {
  const first = Math.max(0, Math.floor((from + origin) / WORLD_CELL_DEGREES));
  const final = Math.min(last, Math.floor((to + origin) / WORLD_CELL_DEGREES));
  const holds = (cell: number) => {
    const low = cell * WORLD_CELL_DEGREES - origin;
    const high = Math.min((cell + 1) * WORLD_CELL_DEGREES - origin, max);
    return (from <= min || low - EDGE_MARGIN >= from) && (to >= max || high + EDGE_MARGIN <= to);
  };
  const whole: number[] = [];
  for (let cell = first; cell <= final; cell++) if (holds(cell)) whole.push(cell);
  return { first, final, whole: whole.length ? ([whole[0]!, whole.at(-1)!] as [number, number]) : null };
}

/**
 * Splits a map box into the world cells it holds whole, whose contacts contact_map_cells
 * (migration 0031) has already counted and summed, and the cells along its edges, a few
 * hundred at most, whose contacts are read one by one. Whole cells of a range are contiguous:
 * a cell is held when both its edges are, and only the first and last can be cut.
 */
export function cellsOfBox(box: MapBox): BoxCells {
  const rows = axis(box.minLat, box.maxLat, 90, LAST_ROW, -90, 90);
  const result: BoxCells = { whole: [], cut: [] };
  for (const [west, east] of longitudeRanges(box)) {
    const columns = axis(west, east, 180, LAST_COLUMN, -180, 180);
    if (columns.whole && rows.whole) result.whole.push({ columns: columns.whole, rows: rows.whole });
    for (let column = columns.first; column <= columns.final; column++) {
      const wholeColumn = columns.whole !== null && column >= columns.whole[0] && column <= columns.whole[1];
      for (let row = rows.first; row <= rows.final; row++) {
        const wholeRow = rows.whole !== null && row >= rows.whole[0] && row <= rows.whole[1];
        if (!wholeColumn || !wholeRow) result.cut.push(column * ROWS_PER_COLUMN + row);
      }
    }
  }
  return result;
}

/**
 * The longitude columns of cells a box touches, and the run of rows it touches in each: the
 * box's contacts are in those columns' row ranges of contacts_user_map_cell, one index range a
 * column, where a latitude band of contacts_user_geo reads every contact around the world at
 * the box's latitudes (Spain: 138 000 of 500 000 entries for its 3 000 contacts).
 */
export function columnsOfBox(box: MapBox): { columns: number[]; rows: [number, number] } {
  const rows = axis(box.minLat, box.maxLat, 90, LAST_ROW, -90, 90);
  const columns: number[] = [];
  for (const [west, east] of longitudeRanges(box)) {
    const { first, final } = axis(west, east, 180, LAST_COLUMN, -180, 180);
    for (let column = first; column <= final; column++) columns.push(column);
  }
  return { columns, rows: [rows.first, rows.final] };
}
