import * as lucide from 'lucide-react';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import * as icons from '../../app/components/icons';
import sprite from '../../app/components/icons.svg?raw';

const spriteIcons = Object.entries(icons).filter(
  (entry): entry is [string, icons.IconComponent] => typeof entry[1] === 'object' && 'spriteId' in entry[1],
);
const symbolOf = (id: string) => sprite.match(new RegExp(`<symbol id="${id}"([^>]*)>(.*?)</symbol>`));

describe('icons come from one sprite and look like lucide-react', () => {
  it('draws every icon with the paths and attributes of the lucide-react icon of the same name (npm run icons rewrites the sprite)', () => {
    expect(spriteIcons.length).toBeGreaterThan(50);
    for (const [name, icon] of spriteIcons) {
      const own = renderToStaticMarkup(createElement((lucide as unknown as Record<string, ComponentType>)[name]!));
      const [, attributes, drawing] = own.match(/^<svg([^>]*)>(.*)<\/svg>$/)!;
      const symbol = symbolOf(icon.spriteId);
      expect(symbol?.[2], name).toBe(drawing);
      for (const attribute of ['viewBox', 'fill', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin']) {
        expect(symbol?.[1], `${name} ${attribute}`).toContain(attributes!.match(new RegExp(` ${attribute}="[^"]*"`))![0]);
      }
    }
  });

  it('renders an icon as one use of its symbol, hidden from assistive technology unless it is labelled', () => {
    const hidden = renderToStaticMarkup(createElement(icons.Mail, { className: 'h-4 w-4' }));
    expect(hidden).toMatch(
      /^<svg width="24" height="24" class="lucide lucide-mail h-4 w-4" aria-hidden="true"><use href="[^"]*icons[^"]*\.svg#mail"><\/use><\/svg>$/,
    );
    const labelled = renderToStaticMarkup(createElement(icons.Mail, { 'aria-label': 'Email', role: 'img' }));
    expect(labelled).not.toContain('aria-hidden');
    expect(labelled).toContain('aria-label="Email"');
  });
});
