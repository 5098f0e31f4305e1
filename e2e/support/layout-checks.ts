import type { Page } from 'playwright-core';

/**
 * What a zoomed or narrow page gets wrong, in words: the page or a part of it scrolls sideways
 * (content hidden behind an unmarked scroll), something reaches past the window's right edge, or
 * two controls of the page overlap. Empty when nothing is cut off or on top of another.
 */
export async function cutOffOrOverlapping(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    const main = document.querySelector('main') ?? document.body;
    const shown = (el: Element) => {
      // The inside of a closed <details> keeps a box in Chromium, but nobody sees it.
      const closed = el.closest('details:not([open])');
      if (closed && !el.closest('summary')?.parentElement?.isSameNode(closed)) return false;
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('[aria-hidden="true"], [inert]');
    };
    const label = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`;
    if (document.documentElement.scrollWidth > width + 1)
      problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${width})`);
    for (const el of [main, ...main.querySelectorAll('*')]) {
      if (!shown(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.right > width + 1) problems.push(`${label(el)} reaches past the window (${Math.round(r.right)} > ${width})`);
      const overflowX = getComputedStyle(el).overflowX;
      if (overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1)
        problems.push(`${label(el)} hides ${el.scrollWidth - el.clientWidth} px behind a sideways scroll`);
    }
    const controls = [...main.querySelectorAll('a[href], button, input, select, textarea, summary')].filter(shown);
    controls.forEach((a, i) => {
      const ra = a.getBoundingClientRect();
      for (const b of controls.slice(i + 1)) {
        if (a.contains(b) || b.contains(a)) continue;
        const rb = b.getBoundingClientRect();
        const overlapX = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        const overlapY = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
        if (overlapX > 1 && overlapY > 1) problems.push(`${label(a)} overlaps ${label(b)}`);
      }
    });
    return problems;
  });
}
