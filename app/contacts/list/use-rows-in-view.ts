import { startTransition, useEffect, useRef, useState, type RefObject } from 'react';
import { useAfterPaint } from '../../search-index/use-after-paint';

// The rows below the screen are drawn once typing pauses this long, longer than most gaps between
// the keys of a burst: drawn between two keys, they were taken out again by the next, at the cost
// of that key's frame (#49, docs/decisions/081).
const REST_AFTER_MS = 300;
// Before the first measure: no list row is shorter than this.
const LEAST_ROW_PX = 40;

const sameRows = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((row, i) => row === b[i]);

/**
 * The rows a key's frame draws: with `inViewFirst`, only those that fit on the screen below the
 * table's top, the rest once typing pauses, in a transition the next key interrupts (#49,
 * docs/decisions/067 and 081: every row drawn at the key cost its frame the DOM, style, layout
 * and paint of ~50 rows where ~13 show, and rows drawn between two keys were taken out again by
 * the next, at the cost of its frame). Never while focus is in the table (a row a keyboard user
 * is on is not taken away, even for a frame) or when the table's top is scrolled out of view.
 */
export function useRowsInView<T>(rows: readonly T[], inViewFirst: boolean, table: RefObject<HTMLElement>): readonly T[] {
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
    let pause: ReturnType<typeof setTimeout> | undefined;
    afterPaint.run(() => {
      // Measured after the paint, when layout is clean: how many rows the screen shows.
      const top = table.current?.getBoundingClientRect().top ?? 0;
      const rowHeight = table.current?.querySelector('tbody tr')?.getBoundingClientRect().height || LEAST_ROW_PX;
      fits.current = top < 0 ? -1 : Math.max(1, Math.ceil((window.innerHeight - top) / rowHeight));
      pause = setTimeout(() => startTransition(() => setDrawn(rows)), REST_AFTER_MS);
    });
    return () => clearTimeout(pause);
  }, [rows, drawn, afterPaint, table]);
  if (!split) return rows;
  const first = fits.current || Math.ceil(window.innerHeight / LEAST_ROW_PX);
  return rows.length > first ? rows.slice(0, first) : rows;
}
