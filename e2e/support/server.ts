import { spawn, type ChildProcess } from 'node:child_process';
import { freshD1, offlineEnv as offline } from './d1-template.ts';
import { freePort } from './free-port.ts';

/** Set by e2e/run.mjs: the address of the server the specs without settings of their own share. */
export const SHARED_APP_ENV = 'KITH_E2E_SHARED_URL';

export interface RunningApp {
  url: string;
  stop: () => Promise<void>;
  /** Everything wrangler dev printed so far (e.g. the simulated send_email messages). */
  output: () => string;
}

/**
 * The app for a spec. A spec with no settings of its own gets the runner's shared server
 * (each spec signs up its own user and asserts only on that user's rows); one with `vars`,
 * or `own: true` (it needs the server's whole state or log to itself), gets its own.
 */
export async function startApp(options: { vars?: Record<string, string>; name: string; own?: boolean }): Promise<RunningApp> {
  const shared = process.env[SHARED_APP_ENV];
  if (shared && !options.vars && !options.own) return { url: shared, output: () => '', stop: async () => {} };
  return serveApp(options);
}

/**
 * Serves the built app with `wrangler dev` on a free port and a fresh local D1, with
 * the given vars (e.g. fake provider URLs). Waits for /api/v1/health.
 */
export async function serveApp(options: { vars?: Record<string, string>; name: string }): Promise<RunningApp> {
  const port = await freePort();
  const state = `.wrangler/e2e-${options.name}`;
  freshD1(state);
  const url = `http://127.0.0.1:${port}`;
  // Links in emails and OAuth redirects come from APP_URL only: the server's own address.
  const vars = { APP_URL: url, ...options.vars };
  const varArgs = Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`]);
  const child: ChildProcess = spawn(
    'npx',
    ['wrangler', 'dev', '--port', String(port), '--ip', '127.0.0.1', '--test-scheduled', '--persist-to', state, '--inspector-port', String(await freePort()), ...varArgs],
    { env: offline, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`wrangler dev did not become ready:\n${log.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    output: () => log,
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
