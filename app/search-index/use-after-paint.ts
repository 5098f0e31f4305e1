import { useEffect, useMemo } from 'react';

/**
 * Runs one piece of work after the next frame is painted (a task queued from the frame's
 * animation callback), and forgets it when another is asked for first or the page goes.
 */
export function useAfterPaint(): { run: (work: () => void) => void; cancel: () => void } {
  const after = useMemo(() => {
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cancel = () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
    const run = (work: () => void) => {
      cancel();
      frame = requestAnimationFrame(() => {
        timer = setTimeout(work, 0);
      });
    };
    return { run, cancel };
  }, []);
  useEffect(() => after.cancel, [after]);
  return after;
}
