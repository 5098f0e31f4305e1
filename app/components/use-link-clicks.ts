import { useNavigate } from '@remix-run/react';
import { useCallback, type MouseEvent } from 'react';

/**
 * One click handler for the plain links inside an element (a list's rows): a plain left click,
 * or Enter, on an `<a href>` of this app goes through the router as a Remix `Link`'s would; a
 * click with a modifier, a link with another target, a download or another site stay the
 * browser's. A `Link` per row cost each key five components per row to mount (#49).
 */
export function useLinkClicks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || !event.currentTarget.contains(link)) return;
      if ((link.target && link.target !== '_self') || link.hasAttribute('download') || link.origin !== window.location.origin) return;
      event.preventDefault();
      navigate(`${link.pathname}${link.search}${link.hash}`);
    },
    [navigate],
  );
}
