const FIELD = 'input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

/**
 * Moves the keyboard to a field by id, or to the first field inside the element with that id
 * (skipping hidden tab panels), and brings it to the middle of the screen: on a phone the
 * side panel is far below the header that asked.
 */
export function focusField(id: string): void {
  const el = document.getElementById(id);
  if (!el) return;
  const field = el.matches(FIELD) ? el : [...el.querySelectorAll<HTMLElement>(FIELD)].find((f) => !f.closest('[hidden]'));
  if (!field) return;
  field.focus({ preventScroll: true });
  field.scrollIntoView({ block: 'center' });
}
