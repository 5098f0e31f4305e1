#!/usr/bin/env node
// Runs wrangler offline-friendly: no telemetry, no banner, no Cloudflare API lookups.
import { spawn } from 'node:child_process';

export const offlineEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  DO_NOT_TRACK: '1',
};

export function wrangler(args, options = {}) {
  return spawn('npx', ['wrangler', ...args], { stdio: 'inherit', env: offlineEnv, ...options });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const child = wrangler(process.argv.slice(2));
  child.on('exit', (code) => process.exit(code ?? 1));
}
