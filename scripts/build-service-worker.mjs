#!/usr/bin/env node
// Kith's service worker (ADR 034), built after `remix vite:build` over its output: esbuild
// bundles service-worker/sw.ts with its Workbox modules, then workbox-build writes into it the
// list of build/client's files to precache, each with its content's hash as its revision.
// Run by `npm run build`; writes build/client/sw.js.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { injectManifest } from 'workbox-build';

const CLIENT = 'build/client';
const BUNDLED = 'build/sw-bundled.js';

await build({
  entryPoints: ['service-worker/sw.ts'],
  bundle: true,
  format: 'iife',
  target: 'es2022',
  minify: true,
  outfile: BUNDLED,
  // Workbox's own logging is for its development builds.
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});

// Kith's offline page is a server-rendered route (app/routes/offline.tsx), fetched when the worker
// installs; its revision is the hash of the browser code it loads, so each build fetches it anew.
const remixManifestFile = readdirSync(`${CLIENT}/assets`).find((f) => /^manifest-.*\.js$/.test(f));
if (!remixManifestFile) throw new Error(`No Remix manifest in ${CLIENT}/assets: run remix vite:build first`);
const remixManifest = readFileSync(`${CLIENT}/assets/${remixManifestFile}`);
const buildRevision = createHash('sha256').update(remixManifest).digest('hex').slice(0, 16);

const { count, size, warnings } = await injectManifest({
  swSrc: BUNDLED,
  swDest: `${CLIENT}/sw.js`,
  globDirectory: CLIENT,
  // The app shell: every script and style of this build, the icons and the manifest. The map's
  // libraries (1.9 MB, the map page alone) are left to the network: offline, the map has no tiles.
  globPatterns: ['assets/**/*.{js,css,svg,woff2}', 'icons/*.png', 'favicon.svg', 'manifest.webmanifest'],
  globIgnores: ['assets/mapbox-gl-*'],
  // Hashed names are their own revision.
  dontCacheBustURLsMatching: /^assets\//,
  additionalManifestEntries: [{ url: '/offline', revision: buildRevision }],
  maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
});
rmSync(BUNDLED);
for (const warning of warnings) console.warn(`service worker: ${warning}`);
console.log(`✔ ${CLIENT}/sw.js: ${count} files precached (${(size / 1024).toFixed(0)} kB)`);
