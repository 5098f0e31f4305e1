#!/usr/bin/env node
// Run by `npm test` after the build: fails when a server-side library reaches the browser
// bundle (build/client). zod came in once through a module the browser shares with the server
// (calendar dates) and made the contact list's code three times its size; mapbox-gl may only
// be its own lazy chunk, loaded by the map page.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ASSETS = join(process.argv[2] ?? 'build/client', 'assets');
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
if (leaks.length) {
  console.error(
    `✖ server-side or lazy libraries in the browser bundle:\n  ${leaks.join('\n  ')}\nImport them only from .server modules (or, for mapbox-gl, lazily).`,
  );
  process.exit(1);
}
console.log(`✔ build/client: none of ${LIBRARIES.map((l) => l.name).join(', ')} outside where it belongs (${files.length} files)`);
