import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRealGateway, type GatewayUnderTest } from './support/gateways.ts';

// Issue 41 item 6: the gateway reads no body past its cap, tells strangers only that it is up,
// and will not start with a shared secret that could be guessed.

describe('the gateway process', () => {
  let gateway: GatewayUnderTest;
  beforeAll(async () => {
    gateway = await startRealGateway();
  }, 30_000);
  afterAll(() => gateway?.stop());

  const post = (body: string | ReadableStream<Uint8Array>, secret = gateway.secret, headers: Record<string, string> = {}) =>
    fetch(`${gateway.url}/v1/messages/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}`, ...headers },
      body,
      duplex: 'half',
    } as RequestInit);
  const huge = JSON.stringify({ session: 'x', peer: '@ana', text: 'a'.repeat(200_000), random_id: '1' });

  it('refuses a body over 64 KiB with 413 in its error shape, declared or streamed', async () => {
    const declared = await post(huge);
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ error: { type: 'BODY_TOO_LARGE', message: 'the body is larger than 65536 bytes' } });

    const bytes = new TextEncoder().encode(huge);
    const streamed = await post(
      new ReadableStream({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 8_192) controller.enqueue(bytes.subarray(i, i + 8_192));
          controller.close();
        },
      }),
    );
    expect(streamed.status).toBe(413);
    expect(((await streamed.json()) as { error: { type: string } }).error.type).toBe('BODY_TOO_LARGE');
  });

  it('answers a large body without the secret with the bare 401', async () => {
    const res = await post(huge, 'not-the-secret');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { message: 'wrong gateway secret' } });
  });

  it('still takes an ordinary body', async () => {
    const res = await post(JSON.stringify({ phone: 'call me' }), gateway.secret);
    expect(res.status).toBe(400);
  });

  it('/health says only that it is up, unless asked with the secret', async () => {
    const bare = await fetch(`${gateway.url}/health`);
    expect(bare.status).toBe(200);
    expect(await bare.json()).toEqual({ ok: true });
    const wrong = await fetch(`${gateway.url}/health`, { headers: { authorization: 'Bearer guess' } });
    expect(await wrong.json()).toEqual({ ok: true });
    const mine = await fetch(`${gateway.url}/health`, { headers: { authorization: `Bearer ${gateway.secret}` } });
    expect(await mine.json()).toEqual({ ok: true, live_clients: expect.any(Number) });
  });
});

/** `npm run telegram-gateway` as an operator runs it: the real entry point, with the given secret. */
function startMain(secret: string): Promise<{ code: number | null; out: string; err: string }> {
  const entry = fileURLToPath(new URL('../src/main.ts', import.meta.url));
  const child = spawn(process.execPath, ['--experimental-strip-types', '--no-warnings', entry], {
    env: { ...process.env, TELEGRAM_API_ID: '12345', TELEGRAM_API_HASH: '0123abcd', TELEGRAM_GATEWAY_SECRET: secret, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  return new Promise((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('listening')) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => resolve({ code, out, err }));
  });
}

describe('start-up', () => {
  it.each([
    ['short', 'test-telegram-secret', 'it is 20 characters long; it needs at least 32'],
    ['one character', 'a'.repeat(40), 'it uses only 1 different characters'],
    ['one kind of character', 'abcdefghijklmnopqrstuvwxyzabcdefghij', 'one kind of character only'],
  ])('refuses a %s secret with a clear message', async (_kind, secret, reason) => {
    const { code, out, err } = await startMain(secret);
    expect(code).toBe(1);
    expect(out).not.toContain('listening');
    expect(err).toContain('TELEGRAM_GATEWAY_SECRET is too weak to start with');
    expect(err).toContain(reason);
    expect(err).toContain('openssl rand -hex 32');
    expect(err).not.toContain(secret);
  });

  it('starts with a secret made the way the README says', async () => {
    const { out, err } = await startMain('5f0c1e9a7b3d2c4e8f6a1b0d9c7e5a3f2b4d6c8e0a1f3b5d7c9e2a4f6b8d0c1e');
    expect(err).toBe('');
    expect(out).toContain('telegram-gateway listening');
  });
});
