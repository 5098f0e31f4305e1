#!/usr/bin/env node
// `npm run icons`: writes app/components/icons.svg, one <symbol> per icon app/components/icons.tsx
// names, drawn by lucide-react exactly as its own component draws it. Run it after adding an icon
// there or upgrading lucide-react (tests/guard/icon-sprite.test.ts fails until then).
import { readFileSync, writeFileSync } from 'node:fs';
import * as lucide from 'lucide-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

const MODULE = 'app/components/icons.tsx';
const SPRITE = 'app/components/icons.svg';

const ids = [...readFileSync(MODULE, 'utf8').matchAll(/spriteIcon\('([a-z0-9-]+)'\)/g)].map((m) => m[1]);
const pascal = (id) =>
  id
    .split('-')
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');

const symbols = ids.map((id) => {
  const component = lucide[pascal(id)];
  if (!component) throw new Error(`lucide-react has no icon ${pascal(id)} (${id})`);
  const svg = renderToStaticMarkup(createElement(component));
  const open = svg.match(/^<svg([^>]*)>/);
  // The drawing attributes go on the symbol; size, class and aria stay with each use.
  const drawing = [...open[1].matchAll(/ (viewBox|fill|stroke|stroke-width|stroke-linecap|stroke-linejoin)="[^"]*"/g)]
    .map((m) => m[0])
    .join('');
  return `<symbol id="${id}"${drawing}>${svg.slice(open[0].length, -'</svg>'.length)}</symbol>`;
});
writeFileSync(SPRITE, `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join('\n')}\n</svg>\n`);
console.log(`${SPRITE}: ${ids.length} icons`);
