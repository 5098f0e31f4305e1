import { useRef, type RefObject } from 'react';
import { focusPageHeading } from '../../palette/focus-page-heading';
import { useBrowserLayoutEffect } from '../use-browser-layout-effect';

/**
 * Where the keyboard goes when a dialog or sheet closes, for Radix's `onCloseAutoFocus`: the
 * element asked for, else the one that had focus when it opened (Radix goes back only to its own
 * Trigger, and a dialog opened by code has none: focus fell to the page's body), else, when that
 * one left with what the dialog changed (a deleted row's button, a toolbar of a selection now
 * cleared), the page's heading, so a screen reader says where the user is. A dialog that led to
 * another page (a link in a sheet, a deleted organization) lands the keyboard on that page's heading.
 */
export function useReturnFocus(open: boolean, returnFocusTo?: RefObject<HTMLElement | null>): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  const openedAt = useRef<string | null>(null);
  // Radix portals its content one commit after `open`: here focus has not moved into it yet.
  useBrowserLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    openedAt.current = window.location.pathname;
  }, [open]);
  return (event: Event) => {
    if (openedAt.current !== null && openedAt.current !== window.location.pathname) {
      event.preventDefault();
      focusPageHeading();
      return;
    }
    const wanted = returnFocusTo?.current;
    const target = wanted?.isConnected ? wanted : opener.current?.isConnected ? opener.current : null;
    if (target) {
      event.preventDefault();
      target.focus();
      return;
    }
    // Radix's own Trigger takes it when there is one still on the page; otherwise the heading.
    queueMicrotask(() => {
      if (!document.activeElement || document.activeElement === document.body) focusPageHeading();
    });
  };
}
