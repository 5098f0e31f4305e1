import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freshD1, offlineEnv as offline } from './d1-template.ts';
import { freePort } from './free-port.ts';
import { prepareWorkerBundle, WORKER_BUNDLE } from './worker-bundle.ts';

/** Set by e2e/run.mjs: the address of the server the specs without settings of their own share. */
export const SHARED_APP_ENV = 'KITH_E2E_SHARED_URL';
/** Set by e2e/run.mjs: where a spec asks for the server of a set of settings other specs share too. */
export const SERVER_POOL_ENV = 'KITH_E2E_SERVER_POOL';

export interface RunningApp {
  url: string;
  stop: () => Promise<void>;
  /**
   * Everything wrangler dev printed so far (e.g. the simulated send_email messages); on a server
   * specs share, what every spec's users caused, so a spec picks out its own (by an address it made).
   */
  output: () => Promise<string>;
}

/**
 * The app for a spec. A spec with no settings of its own gets the runner's shared server
 * (each spec signs up its own user and asserts only on that user's rows); one with `vars`
 * and `share: true` gets the runner's server for exactly those settings, started for the first
 * spec that asks and kept for the others (e2e/support/fakes.ts `providerSettings`); one with
 * other `vars`, or `own: true` (it needs the server's whole state or log to itself), gets its own.
 */
export async function startApp(options: {
  vars?: Record<string, string>;
  name: string;
  own?: boolean;
  share?: boolean;
}): Promise<RunningApp> {
  const shared = process.env[SHARED_APP_ENV];
  if (shared && !options.vars && !options.own) {
    // The runner starts the shared server beside the first specs: wait until it answers.
    await waitUntilServing(shared, () => null);
    return { url: shared, output: async () => '', stop: async () => {} };
  }
  const pool = process.env[SERVER_POOL_ENV];
  if (pool && options.vars && options.share && !options.own) {
    const res = await fetch(pool, { method: 'POST', body: JSON.stringify({ name: options.name, vars: options.vars }) });
    if (!res.ok) throw new Error(`the runner's server for ${options.name}'s settings did not start:\n${await res.text()}`);
    const { url } = (await res.json()) as { url: string };
    return { url, output: async () => (await fetch(`${pool}/output?url=${encodeURIComponent(url)}`)).text(), stop: async () => {} };
  }
  return serveApp(options);
}

/**
 * The runner's side of `share: true`: one server per distinct set of settings, started when a
 * spec first asks for it and stopped with the pool at the end of the run. Each start of
 * `wrangler dev` costs ~9 s of CPU (workerd's boot; the bundle is made once, ADR 071), so specs
 * whose settings differ only in which provider they talk to share one server wired to every fake.
 */
export async function startServerPool(): Promise<{ url: string; stop: () => Promise<void> }> {
  const servers = new Map<string, Promise<RunningApp>>();
  const byUrl = new Map<string, RunningApp>();
  const http = createServer(async (req, res) => {
    try {
      if (req.method === 'GET' && req.url?.startsWith('/output?')) {
        const app = byUrl.get(new URL(req.url, 'http://pool').searchParams.get('url') ?? '');
        res.writeHead(app ? 200 : 404, { 'content-type': 'text/plain; charset=utf-8' }).end(app ? await app.output() : 'no such server');
        return;
      }
      let body = '';
      for await (const chunk of req) body += chunk;
      const { name, vars } = JSON.parse(body) as { name: string; vars: Record<string, string> };
      const key = JSON.stringify(Object.entries(vars).sort(([a], [b]) => a.localeCompare(b)));
      let app = servers.get(key);
      if (!app) {
        app = serveApp({ name: `pool-${servers.size + 1}-${name}`, vars });
        servers.set(key, app);
        void app.then((running) => byUrl.set(running.url, running)).catch(() => {});
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url: (await app).url }));
    } catch (error) {
      res.writeHead(500).end(error instanceof Error ? error.message : String(error));
    }
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    stop: async () => {
      http.close();
      await Promise.all([...servers.values()].map((app) => app.then((a) => a.stop()).catch(() => {})));
    },
  };
}

const E2E_CONFIG = '.wrangler.e2e.toml';

/**
 * wrangler.toml with the queue consumers' batch waits cut from 1 s and 5 s to 50 ms, as in the
 * workerd suite: a journey that waits on background work waits for the work, not the batch.
 * Its Worker is the bundle made once for every server (e2e/support/worker-bundle.ts), served as
 * it is (`no_bundle`): wrangler adds none of its dev middleware then, so a journey runs the cron
 * through Miniflare's `/cdn-cgi/local/scheduled?cron=…` (wrangler's `--test-scheduled` is gone). Written beside wrangler.toml (its paths are relative to it; git ignores
 * it) by the runner once per run, and renamed into place whole, since servers of other specs may
 * be reading it.
 */
export function writeE2eConfig(): void {
  const config = readFileSync('wrangler.toml', 'utf8')
    .replace(/^max_batch_timeout = \d+$/gm, 'max_batch_timeout = 0.05')
    .replace(/^main = .*$/m, `main = "${WORKER_BUNDLE}"\nno_bundle = true`);
  const draft = `${E2E_CONFIG}.${process.pid}`;
  writeFileSync(draft, `# Generated by e2e/support/server.ts from wrangler.toml: do not edit.\n${config}`);
  renameSync(draft, E2E_CONFIG);
}

function e2eConfig(): string {
  if (!existsSync(E2E_CONFIG) || !readFileSync(E2E_CONFIG, 'utf8').includes(WORKER_BUNDLE)) writeE2eConfig();
  return E2E_CONFIG;
}

/**
 * Serves the built app with `wrangler dev` on a free port and a fresh local D1, with
 * the given vars (e.g. fake provider URLs). Waits for /api/v1/health.
 */
export async function serveApp(options: {
  vars?: Record<string, string>;
  name: string;
  port?: number;
  /** Static assets from this folder instead of build/client (a spec that deploys again, e2e/new-version). */
  assets?: string;
}): Promise<RunningApp> {
  const port = options.port ?? (await freePort());
  const state = `.wrangler/e2e-${options.name}`;
  freshD1(state);
  // Made already when the runner started this spec; a spec run alone after a change makes it here.
  prepareWorkerBundle();
  const url = `http://127.0.0.1:${port}`;
  // Links in emails and OAuth redirects come from APP_URL only: the server's own address.
  // 1 000 PBKDF2 rounds per new password instead of 100 000: every spec signs up (worker/env.ts).
  const vars = { APP_URL: url, PASSWORD_HASH_ITERATIONS: '1000', ...options.vars };
  const varArgs = Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`]);
  const child: ChildProcess = spawn(
    'npx',
    [
      'wrangler',
      'dev',
      '--config',
      e2eConfig(),
      '--port',
      String(port),
      '--ip',
      '127.0.0.1',
      '--persist-to',
      state,
      '--inspector-port',
      String(await freePort()),
      ...(options.assets ? ['--assets', options.assets] : []),
      ...varArgs,
    ],
    { env: offline, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  await waitUntilServing(url, () => (child.exitCode !== null ? log : null));
  return {
    url,
    output: async () => log,
    stop: async () => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
      await new Promise((r) => setTimeout(r, 300));
    },
  };
}

/** Polls /api/v1/health until it answers; `failed` returns the log of a server that exited. */
async function waitUntilServing(url: string, failed: () => string | null): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return;
    } catch {
      // not up yet
    }
    const log = failed();
    if (log !== null || Date.now() > deadline) throw new Error(`wrangler dev at ${url} did not become ready:\n${(log ?? '').slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
