import { startTransition, useEffect, useRef, useState, type RefObject } from 'react';
import { useAfterPaint } from '../../search-index/use-after-paint';

// Before the first measure: no list row is shorter than this.
const LEAST_ROW_PX = 40;

const sameRows = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((row, i) => row === b[i]);

/**
 * The rows a key's frame draws, and how many of them show: with `inViewFirst`, the new rows that
 * fit on the screen below the table's top, then rows drawn before, hidden, so their elements wait
 * in the page for the rest of the new rows (or go), once that frame has painted, in a
 * transition the next key interrupts (#49, docs/decisions/067 and 081: every row drawn at the key
 * cost its frame the DOM, style, layout and paint of ~50 rows where ~13 show, and every row
 * taken out at the key was built again right after). Never while focus is in the table (a row a
 * keyboard user is on is not taken away, even for a frame) or when the table's top is scrolled
 * out of view.
 */
export function useRowsInView<T extends { id: string }>(
  rows: readonly T[],
  inViewFirst: boolean,
  table: RefObject<HTMLElement>,
): { rows: readonly T[]; shown: number } {
  const [drawn, setDrawn] = useState(rows);
  const fits = useRef(0);
  const afterPaint = useAfterPaint();
  const split =
    inViewFirst &&
    typeof document !== 'undefined' &&
    !sameRows(drawn, rows) &&
    fits.current >= 0 &&
    !table.current?.contains(document.activeElement);
  useEffect(() => {
    if (sameRows(drawn, rows)) return;
    afterPaint.run(() => {
      // Measured after the paint, when layout is clean: how many rows the screen shows.
      const top = table.current?.getBoundingClientRect().top ?? 0;
      const rowHeight = table.current?.querySelector('tbody tr:not([hidden])')?.getBoundingClientRect().height || LEAST_ROW_PX;
      fits.current = top < 0 ? -1 : Math.max(1, Math.ceil((window.innerHeight - top) / rowHeight));
      startTransition(() => setDrawn(rows));
    });
  }, [rows, drawn, afterPaint, table]);
  if (!split) return { rows, shown: rows.length };
  const first = fits.current || Math.ceil(window.innerHeight / LEAST_ROW_PX);
  const head = rows.length > first ? rows.slice(0, first) : rows;
  const inHead = new Set(head.map((row) => row.id));
  const held = drawn.filter((row) => !inHead.has(row.id)).slice(0, Math.max(0, drawn.length - head.length));
  return held.length === 0 ? { rows: head, shown: head.length } : { rows: [...head, ...held], shown: head.length };
}
