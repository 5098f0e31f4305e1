import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startFakeProviders } from '../../../../tests/fakes/fake-providers.ts';
import '../../../../tests/fakes/telegram-gateway.ts';
import { world } from './world.ts';

export interface GatewayUnderTest {
  url: string;
  secret: string;
  stop: () => Promise<void>;
}

/** Kith's fake gateway (the one the workerd suite uses), steered into the contract's world. */
export async function startFakeGateway(): Promise<GatewayUnderTest> {
  const fake = await startFakeProviders();
  for (const account of world) {
    const res = await fetch(`${fake.url}/__scenario/telegram`, { method: 'POST', body: JSON.stringify(account) });
    if (!res.ok) throw new Error(`fake scenario: ${res.status}`);
  }
  return { url: `${fake.url}/telegram-gateway`, secret: 'test-telegram-secret', stop: fake.close };
}

/** The real gateway, started as its own Node process the way `npm run telegram-gateway` runs it. */
export async function startRealGateway(): Promise<GatewayUnderTest> {
  const entry = fileURLToPath(new URL('./scripted-gateway.ts', import.meta.url));
  const child: ChildProcess = spawn(process.execPath, ['--experimental-strip-types', '--no-warnings', entry], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the scripted gateway did not start in 20 s')), 20_000);
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`the scripted gateway exited with ${code}`)));
  });
  return {
    url,
    secret: 'contract-secret',
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
