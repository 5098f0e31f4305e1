#!/usr/bin/env node
// Run by `npm test` after the build: fails when the browser bundle (build/client) names a
// server secret or contains a secret's value. Only MAP_PROVIDER_PUBLIC_TOKEN may reach the
// browser (DESIGN "Security"). Secret names come from worker/env.ts, so a new one is covered.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const CLIENT = process.argv[2] ?? 'build/client';
const ALLOWED = new Set(['MAP_PROVIDER_PUBLIC_TOKEN']);

/** Settings whose name says secret: *_SECRET*, *_KEY, *_TOKEN. */
export function secretNames(envSource = readFileSync('worker/env.ts', 'utf8')) {
  const names = new Set(envSource.match(/\b[A-Z][A-Z0-9_]{3,}\b/g) ?? []);
  return [...names].filter((n) => /SECRET|_KEY$|_TOKEN$/.test(n) && !ALLOWED.has(n)).sort();
}

/** Values the secrets have in this checkout: .dev.vars, and the keys the test config binds. */
export function secretValues(names) {
  const values = [];
  const take = (name, value) => {
    if (names.includes(name) && value && value.length >= 8) values.push({ name, value });
  };
  if (existsSync('.dev.vars')) {
    for (const line of readFileSync('.dev.vars', 'utf8').split('\n')) {
      const match = line.match(/^([A-Z0-9_]+)\s*=\s*"?([^"]*)"?\s*$/);
      if (match) take(match[1], match[2]);
    }
  }
  for (const match of readFileSync('vitest.config.ts', 'utf8').matchAll(/([A-Z0-9_]+):\s*'([^'`$]+)'/g)) take(match[1], match[2]);
  return values;
}

/**
 * The name used as code: a property read (`env.NAME`, `["NAME"]`) or an object key (`NAME:`),
 * as when client code imports the settings schema. A help text naming the setting is fine.
 */
const codeUse = (name) => new RegExp(`\\.${name}\\b|\\[\\s*["'\`]${name}["'\`]\\s*\\]|\\b${name}\\s*:|["']${name}["']\\s*:`);

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

export function findLeaks(clientDir = CLIENT) {
  const names = secretNames();
  const values = secretValues(names);
  const leaks = [];
  for (const file of files(clientDir)) {
    const text = readFileSync(file, 'latin1');
    for (const name of names) if (codeUse(name).test(text)) leaks.push(`${file}: reads ${name} (${text.match(codeUse(name))[0]})`);
    for (const { name, value } of values) if (text.includes(value)) leaks.push(`${file}: contains the value of ${name}`);
  }
  return { names, values: values.length, leaks };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!existsSync(CLIENT)) {
    console.error(`${CLIENT} does not exist: run npm run build first`);
    process.exit(1);
  }
  const { names, values, leaks } = findLeaks();
  if (leaks.length) {
    console.error(`✖ server secrets in the browser bundle:\n${leaks.join('\n')}`);
    process.exit(1);
  }
  console.log(
    `✔ ${CLIENT}: no code reads any of ${names.length} secret settings (${names.join(', ')}), and none of ${values} known secret values appears`,
  );
}
