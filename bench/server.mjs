// Starts `wrangler dev` on the bench state with the given vars; stops it afterwards.
import { execSync, spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { offlineEnv } from '../scripts/wrangler.mjs';

export function migrate(stateDir) {
  execSync(`npx wrangler d1 migrations apply DB --local --persist-to ${stateDir}`, { env: offlineEnv, stdio: 'ignore', input: 'y\n' });
  const dir = join(stateDir, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const file = readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
  return join(dir, file);
}

export async function startServer({ stateDir, port, vars }) {
  const url = `http://127.0.0.1:${port}`;
  // Another bench on the same port would answer the health check below, and this run would then
  // measure (and write into) that bench's database: refuse instead.
  const taken = await fetch(`${url}/api/v1/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`something already answers on ${url}: set BENCH_PORT to a free port`);
  // Absolute links come from APP_URL only (docs/decisions/007): the server's own address.
  const varArgs = Object.entries({ APP_URL: url, ...vars }).flatMap(([k, v]) => ['--var', `${k}:${v}`]);
  const child = spawn(
    'npx',
    [
      'wrangler',
      'dev',
      '--port',
      String(port),
      '--ip',
      '127.0.0.1',
      '--test-scheduled',
      '--persist-to',
      stateDir,
      '--inspector-port',
      String(port + 1000),
      ...varArgs,
    ],
    {
      // wrangler's local explorer and observability collector are dev tools that production
      // does not have; the collector alone writes a span to SQLite for every request.
      // NODE_ENV as a deploy bundles the Worker: `wrangler dev` defaults it to "development", which
      // bundled React's development server renderer (prop checks, frozen elements), so the bench
      // timed a page render production never runs.
      env: { ...offlineEnv, NODE_ENV: 'production', X_LOCAL_EXPLORER: 'false', X_LOCAL_OBSERVABILITY: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {
      // starting
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`bench server did not start:\n${log.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    log: () => log,
    // Resolves once wrangler has exited (at most 10 s), so its database is free to open.
    stop: () => {
      const exited = child.exitCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // gone
      }
      return Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    },
  };
}
