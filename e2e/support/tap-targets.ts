import type { Page } from 'playwright-core';

export interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

/**
 * Every visible button, link, checkbox and radio a fingertip can miss: under 44×44 px unless it
 * is at least 24×24 px (WCAG 2.5.8) and spaced so that the 44×44 px box centred on it meets no
 * other target. Links inside a sentence are exempt, as 2.5.8 says.
 */
export async function smallTapTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate(() => {
    const selector = 'a[href], button, input[type="checkbox"], input[type="radio"], [role="button"], [role="tab"], summary';
    const visible = [...document.querySelectorAll<HTMLElement>(selector)].filter((el) => {
      if (el.closest('[inert], [aria-hidden="true"]')) return false;
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      // Visually hidden until focused (the skip link, `sr-only`) is no target for a finger.
      return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && style.clipPath !== 'inset(50%)';
    });
    // Text links inside a sentence are exempt (WCAG 2.5.8 "inline").
    const targets = visible.filter((el) => !(el.tagName === 'A' && getComputedStyle(el).display === 'inline' && el.closest('p')));
    const boxes = targets.map((el) => el.getBoundingClientRect());
    const label = (el: HTMLElement) =>
      el.getAttribute('aria-label') ?? (el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : el.textContent) ?? '';
    const name = (el: HTMLElement) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('type') ? `[${el.getAttribute('type')}]` : ''} "${label(el).trim().slice(0, 40)}"`;
    const small: { what: string; width: number; height: number }[] = [];
    targets.forEach((el, i) => {
      const r = boxes[i]!;
      if (r.width >= 44 && r.height >= 44) return;
      // Spacing makes up the size: the 44×44 px box centred on the target meets no other target.
      const padX = Math.max(0, (44 - r.width) / 2);
      const padY = Math.max(0, (44 - r.height) / 2);
      const crowded = boxes.some((o, j) => {
        if (j === i || targets[j]!.contains(el) || el.contains(targets[j]!)) return false;
        return o.left < r.right + padX && o.right > r.left - padX && o.top < r.bottom + padY && o.bottom > r.top - padY;
      });
      if (r.width < 24 || r.height < 24 || crowded)
        small.push({ what: name(el), width: Math.round(r.width), height: Math.round(r.height) });
    });
    return small;
  });
}
