import { MAIN_ID } from '../layout/skip-link';

/**
 * After a navigation the keyboard asked for: focus the new page's heading, so a screen reader
 * reads where it landed and the next Tab starts on the page; the main region when it has none.
 * Focus the page placed itself (a field it opens on) stays where it is.
 */
export function focusPageHeading(): void {
  const active = document.activeElement;
  const main = document.getElementById(MAIN_ID);
  if (!main || (active && active !== document.body && main.contains(active))) return;
  const heading = main.querySelector<HTMLElement>('h1');
  if (!heading) return main.focus({ preventScroll: true });
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}
