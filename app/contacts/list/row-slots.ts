import { useRef } from 'react';
import { useBrowserLayoutEffect } from '../../components/use-browser-layout-effect';

/**
 * React keys for list rows that are recycled: a contact still listed keeps its key, so its row
 * (focus, hover, an open tooltip) stays with it wherever it moves; a contact newly listed takes
 * the key of one that left, in the order they were listed, so React writes the new contact into
 * that row's elements instead of removing one row and building another (#49: a key that changed
 * every row spent most of its frame on removing, creating and styling elements).
 */
export function slotsFor(previous: ReadonlyMap<string, number>, ids: readonly string[]): Map<string, number> {
  const next = new Map<string, number>();
  const kept = new Set<number>();
  for (const id of ids) {
    const slot = previous.get(id);
    if (slot !== undefined && !next.has(id)) {
      next.set(id, slot);
      kept.add(slot);
    }
  }
  const free = [...previous.values()].filter((slot) => !kept.has(slot));
  let unused = Math.max(-1, ...previous.values()) + 1;
  let freeAt = 0;
  for (const id of ids) {
    if (next.has(id)) continue;
    next.set(id, freeAt < free.length ? free[freeAt++]! : unused++);
  }
  return next;
}

/**
 * Each listed id's row key: worked out at every render from the keys last committed (a render
 * React throws away, such as an interrupted transition, leaves no trace).
 */
export function useRowSlots(ids: readonly string[]): ReadonlyMap<string, number> {
  const committed = useRef<ReadonlyMap<string, number>>(new Map());
  const slots = slotsFor(committed.current, ids);
  useBrowserLayoutEffect(() => {
    committed.current = slots;
  });
  return slots;
}
