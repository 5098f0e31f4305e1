#!/usr/bin/env node
// Run by `npm test` after the build: fails when a server-side library reaches the browser
// bundle (build/client). zod came in once through a module the browser shares with the server
// (calendar dates) and made the contact list's code three times its size; mapbox-gl may only
// be its own lazy chunk, loaded by the map page.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstVisitJs, PAGES } from './first-visit-js.mjs';

const CLIENT = process.argv[2] ?? 'build/client';
const ASSETS = join(CLIENT, 'assets');
// What a first visit to the contact list downloads and runs before it answers (gzip). It was
// 166.6 kB on 2026-11-28 and 193.5 kB a day later, when the contact page's new cards rode in the
// shared app chunk (vite.config.ts); 175.8 kB once they went back to their page, and 170.9 kB once
// the QR code and the passkey ceremony left the libraries file for the pages that use them; 172.3 kB
// with the offline search's list filters and the rows drawn in view first (ADR 067, 068).
const FIRST_VISIT_GZIP_KB = { '/contacts': 173 };
// A string each library's code carries, and which files may carry it.
const LIBRARIES = [
  { name: 'zod', marker: 'ZodError', allowedIn: () => false },
  { name: 'drizzle-orm', marker: 'drizzle', allowedIn: () => false },
  { name: 'mapbox-gl', marker: 'mapboxgl', allowedIn: (file) => file.startsWith('mapbox-gl-') },
];

const files = readdirSync(ASSETS).filter((f) => f.endsWith('.js'));
const leaks = [];
for (const file of files) {
  const code = readFileSync(join(ASSETS, file), 'utf8');
  for (const { name, marker, allowedIn } of LIBRARIES) if (code.includes(marker) && !allowedIn(file)) leaks.push(`${name} in ${file}`);
}
const heavy = [];
for (const [page, limit] of Object.entries(FIRST_VISIT_GZIP_KB)) {
  const js = firstVisitJs(CLIENT, PAGES[page]);
  const kb = js.gzip / 1024;
  if (kb > limit) {
    const biggest = js.files.sort((a, b) => b.gzip - a.gzip).slice(0, 4);
    heavy.push(
      `a first visit to ${page} loads ${kb.toFixed(1)} kB of JS (gzip), over ${limit}: ${biggest.map((f) => `${f.file} ${(f.gzip / 1024).toFixed(1)}`).join(', ')}`,
    );
  }
}
if (heavy.length) {
  console.error(`✖ ${heavy.join('\n  ')}\nKeep code one page needs with that page (vite.config.ts's chunks) or load it lazily.`);
  process.exit(1);
}
if (leaks.length) {
  console.error(
    `✖ server-side or lazy libraries in the browser bundle:\n  ${leaks.join('\n  ')}\nImport them only from .server modules (or, for mapbox-gl, lazily).`,
  );
  process.exit(1);
}
console.log(`✔ build/client: none of ${LIBRARIES.map((l) => l.name).join(', ')} outside where it belongs (${files.length} files)`);
