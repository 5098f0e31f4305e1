#!/usr/bin/env node
// The JS a first visit to a page downloads and evaluates before it is interactive: the entry,
// root, and each route of the page with the modules Remix preloads for them (its manifest's
// `imports`), read from a build's client folder. Usage: node scripts/first-visit-js.mjs [build/client]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The routes a page's URL matches, outermost first (Remix's route ids). */
export const PAGES = {
  '/contacts': ['root', 'routes/_app', 'routes/_app._contact-list', 'routes/_app._contact-list.contacts._index'],
  'contact page': ['root', 'routes/_app', 'routes/_app.contacts.$id'],
};

export function remixManifest(clientDir) {
  const assets = join(clientDir, 'assets');
  const file = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`no Remix manifest in ${assets}: build first`);
  const text = readFileSync(join(assets, file), 'utf8');
  return JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1));
}

/** Each script a first visit to the page loads, with its bytes and gzip bytes. */
export function firstVisitJs(clientDir, routeIds) {
  const manifest = remixManifest(clientDir);
  const urls = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`no route ${id} in the manifest`);
    for (const url of [route.module, ...(route.imports ?? [])]) urls.add(url);
  }
  const files = [...urls].map((url) => {
    const body = readFileSync(join(clientDir, url));
    return { file: url.replace('/assets/', ''), bytes: body.length, gzip: gzipSync(body).length };
  });
  const sum = (k) => files.reduce((n, f) => n + f[k], 0);
  return { files, bytes: sum('bytes'), gzip: sum('gzip') };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? 'build/client';
  for (const [page, routes] of Object.entries(PAGES)) {
    const js = firstVisitJs(dir, routes);
    console.log(`${page}: ${(js.bytes / 1024).toFixed(1)} KB, ${(js.gzip / 1024).toFixed(1)} KB gzip, ${js.files.length} files`);
    for (const f of js.files.sort((a, b) => b.bytes - a.bytes))
      console.log(`  ${f.file} ${(f.bytes / 1024).toFixed(1)} / ${(f.gzip / 1024).toFixed(1)}`);
  }
}
