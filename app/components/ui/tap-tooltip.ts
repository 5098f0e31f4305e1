import { useCallback, useEffect, useId, useRef, useState, type PointerEvent } from 'react';

// As Radix's tooltip provider: moving from one tooltip to the next within this opens it at once.
const SKIP_DELAY_MS = 300;
// Time to move the pointer from the trigger onto the tooltip before it closes (WCAG 1.4.13: hoverable).
const LEAVE_GRACE_MS = 150;
let lastClosedAt = Number.NEGATIVE_INFINITY;
// One explanation at a time: opening one closes the one open (Radix's own event is for its own roots).
let closeShown: (() => void) | null = null;

/**
 * A tooltip that opens on hover (after `delayMs`), keyboard focus, a tap or a click, and closes on
 * a second tap or click, Escape, blur or the pointer leaving: spread `trigger` on the button and
 * mount the Radix tooltip only while `open` (controlled by `onOpenChange`, which Radix calls to
 * dismiss it), with `content` on its Content and `contentId` as its id. A list of badges thus
 * mounts no Radix root per row, which cost 17 components and extra renders before the frame of
 * every key typed in the search (#49, docs/decisions/067).
 */
export function useTapTooltip(delayMs = 150) {
  const [open, setShown] = useState(false);
  const contentId = useId();
  const shown = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  // Whether it showed when the press began: a press elsewhere (Radix's dismiss) closes it before the click.
  const openAtPress = useRef<boolean | null>(null);
  const pressing = useRef(false);
  const hovered = useRef(false);

  const close = useRef<() => void>();
  const setOpen = useCallback((next: boolean) => {
    clearTimeout(timer.current);
    if (next === shown.current) return;
    if (next) {
      if (closeShown !== close.current) closeShown?.();
      closeShown = close.current ??= () => setOpen(false);
    } else {
      lastClosedAt = performance.now();
      if (closeShown === close.current) closeShown = null;
    }
    shown.current = next;
    setShown(next);
  }, []);
  const later = useCallback(
    (next: boolean, ms: number) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setOpen(next), ms);
    },
    [setOpen],
  );
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (closeShown === close.current) closeShown = null;
    },
    [],
  );

  return {
    open,
    onOpenChange: setOpen,
    contentId,
    trigger: {
      'aria-describedby': open ? contentId : undefined,
      // Moving, not entering, as Radix does: rows redrawn under a resting pointer open nothing.
      onPointerMove: (event: PointerEvent) => {
        if (event.pointerType === 'touch' || hovered.current) return;
        hovered.current = true;
        if (shown.current) clearTimeout(timer.current);
        else if (performance.now() - lastClosedAt < SKIP_DELAY_MS) setOpen(true);
        else later(true, delayMs);
      },
      onPointerLeave: (event: PointerEvent) => {
        if (event.pointerType === 'touch') return;
        hovered.current = false;
        if (shown.current) later(false, LEAVE_GRACE_MS);
        else clearTimeout(timer.current);
      },
      onPointerDown: () => {
        openAtPress.current = shown.current;
        pressing.current = true;
        document.addEventListener('pointerup', () => (pressing.current = false), { once: true });
      },
      // A press focuses too: the click that follows decides.
      onFocus: () => {
        if (!pressing.current) setOpen(true);
      },
      onBlur: () => setOpen(false),
      onClick: () => {
        const wasOpen = openAtPress.current ?? shown.current;
        openAtPress.current = null;
        setOpen(!wasOpen);
      },
    },
    content: {
      onPointerEnter: () => clearTimeout(timer.current),
      onPointerLeave: () => later(false, LEAVE_GRACE_MS),
    },
  };
}
