import { spawn, type ChildProcess } from 'node:child_process';
import { execSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { freePort } from './free-port.ts';

const offline = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  DO_NOT_TRACK: '1',
};

export interface RunningApp {
  url: string;
  stop: () => Promise<void>;
  /** Everything wrangler dev printed so far (e.g. the simulated send_email messages). */
  output: () => string;
}

/**
 * Serves the built app with `wrangler dev` on a free port and a fresh local D1, with
 * the given vars (e.g. fake provider URLs). Waits for /api/v1/health.
 */
export async function startApp(options: { vars?: Record<string, string>; name: string }): Promise<RunningApp> {
  const port = await freePort();
  const state = `.wrangler/e2e-${options.name}`;
  rmSync(state, { recursive: true, force: true });
  execSync(`npx wrangler d1 migrations apply DB --local --persist-to ${state}`, { env: offline, stdio: 'ignore', input: 'y\n' });
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
