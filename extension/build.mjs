#!/usr/bin/env node
// Bundles the extension's TypeScript into extension/dist/ (load the extension/ folder unpacked).
import { build } from 'esbuild';

const dir = new URL('.', import.meta.url).pathname;
await build({
  entryPoints: ['content', 'background', 'popup', 'send-on-profile'].map((n) => `${dir}src/${n}.ts`),
  outdir: `${dir}dist`,
  bundle: true,
  format: 'iife',
  target: 'chrome120',
  logLevel: 'info',
});
