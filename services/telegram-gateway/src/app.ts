import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { checkPassword, sendCode, signIn } from './auth-methods.ts';
import type { Body } from './body.ts';
import type { ClientPool, LiveClient } from './client-pool.ts';
import { chats, dialogs, messages, participants, usersFull } from './data-methods.ts';
import { sendMessage } from './send-message.ts';
import { text } from './body.ts';
import { toGatewayError } from './telegram-errors.ts';
import { GatewayError } from './wire.ts';

const AUTH_METHODS: Record<string, (pool: ClientPool, body: Body) => Promise<object>> = {
  'auth/send-code': sendCode,
  'auth/sign-in': signIn,
  'auth/check-password': checkPassword,
};

const SESSION_METHODS: Record<string, (client: LiveClient, body: Body) => Promise<object>> = {
  dialogs,
  messages,
  'users/full': usersFull,
  chats,
  'chats/participants': participants,
  'messages/send': sendMessage,
};

/** Equal-length digests, so neither the secret's length nor its first wrong byte shows in the timing. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The largest request body the gateway reads. Its largest legitimate body is a send (a 4 096
 * character text, a session of at most 4 000, a few ids): well under 16 KiB even as \u escapes.
 */
export const MAX_BODY_BYTES = 64 * 1024;

export interface GatewayOptions {
  secret: string;
  pool: ClientPool;
  /** One line per call: method, status, milliseconds. Never a body: bodies carry sessions. */
  log?: (line: string) => void;
}

/** Wire format v1 of docs/decisions/009-telegram-through-a-gateway.md over Hono. */
export function gatewayApp({ secret, pool, log = () => {} }: GatewayOptions) {
  const app = new Hono();
  const authorized = (header: string | undefined) => sameSecret(header?.startsWith('Bearer ') ? header.slice(7) : '', secret);
  // Up, and nothing more, to whoever asks (a load balancer's probe); the pool's size to Kith.
  app.get('/health', (c) => c.json(authorized(c.req.header('authorization')) ? { ok: true, live_clients: pool.size } : { ok: true }));
  // The secret before the body: a caller without it never gets a byte read.
  app.use('/v1/*', async (c, next) => {
    if (authorized(c.req.header('authorization'))) return next();
    log(`${c.req.path.slice('/v1/'.length)} 401 (shared secret)`);
    return c.json({ error: { message: 'wrong gateway secret' } }, 401);
  });
  app.use(
    '/v1/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => {
        log(`${c.req.path.slice('/v1/'.length)} 413 BODY_TOO_LARGE`);
        return c.json(new GatewayError(413, 'BODY_TOO_LARGE', `the body is larger than ${MAX_BODY_BYTES} bytes`).body(), 413);
      },
    }),
  );
  app.post('/v1/*', async (c) => {
    const started = Date.now();
    const method = c.req.path.slice('/v1/'.length);
    try {
      const body = (await c.req.json().catch(() => null)) as Body | null;
      if (!body || typeof body !== 'object' || Array.isArray(body))
        throw new GatewayError(400, 'BAD_REQUEST', 'the body must be a JSON object');
      let answer: object;
      if (AUTH_METHODS[method]) answer = await AUTH_METHODS[method](pool, body);
      else if (SESSION_METHODS[method]) {
        const work = SESSION_METHODS[method];
        const session = text(body, 'session', 4_000);
        const used = await pool.use(session, (client) => work(client, body));
        answer = used.session === session ? used.result : { ...used.result, session: used.session };
      } else throw new GatewayError(400, 'METHOD_INVALID', `no gateway method ${method}`);
      log(`${method} 200 ${Date.now() - started}ms`);
      return c.json(answer);
    } catch (error) {
      const failure = toGatewayError(error);
      log(`${method} ${failure.status} ${failure.type ?? ''} ${Date.now() - started}ms`);
      return c.json(failure.body(), failure.status as 400);
    }
  });
  return app;
}
