#!/usr/bin/env node
// Builds the Remix server bundle only when a source it is made from changed since the last
// build: the workerd tests import build/server, so an unchanged tree needs no rebuild.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BUILD = 'build/server/index.js';
export const SOURCES = ['app', 'worker', 'public', 'service-worker', 'vite.config.ts', 'package.json', 'tsconfig.json'];

export function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

export function buildIsStale() {
  if (!existsSync(BUILD)) return true;
  const built = statSync(BUILD).mtimeMs;
  return SOURCES.some((source) => newestChange(source) > built);
}

export function build() {
  const result = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  return result.status ?? 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!buildIsStale()) {
    console.log('build/server is up to date');
  } else {
    process.exit(build());
  }
}
