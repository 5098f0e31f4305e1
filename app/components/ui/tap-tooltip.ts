import { useRef, useState, type MouseEvent } from 'react';

/**
 * A Radix tooltip that a tap or a click also opens, and a second one (or Escape) closes: spread
 * `root` on Tooltip.Root and `trigger` on Tooltip.Trigger. Hovering and keyboard focus open it as
 * before. Radix closes a tooltip on the press and again on the click, so a touch never showed one.
 */
export function useTapTooltip() {
  const [open, setOpen] = useState(false);
  // Whether it showed when the press began: Radix has closed it by the time the click arrives.
  const openAtPress = useRef<boolean | null>(null);
  return {
    root: { open, onOpenChange: setOpen },
    trigger: {
      onPointerDown: () => {
        openAtPress.current = open;
      },
      onClick: (event: MouseEvent) => {
        const wasOpen = openAtPress.current ?? open;
        openAtPress.current = null;
        event.preventDefault(); // keeps Radix from closing it again
        setOpen(!wasOpen);
      },
    },
  };
}
