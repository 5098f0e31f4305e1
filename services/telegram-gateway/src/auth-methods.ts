import type { ClientPool } from './client-pool.ts';
import { wireUser } from './mapping.ts';
import { text, type Body } from './body.ts';
import { toGatewayError } from './telegram-errors.ts';
import { GatewayError } from './wire.ts';

// Logging in: phone → code → (2FA password). The session string leaves with every answer:
// it is Kith's to keep, encrypted; the gateway forgets it when the client goes idle.

export async function sendCode(pool: ClientPool, body: Body) {
  const phone = text(body, 'phone', 32);
  if (!/^\+?\d{6,15}$/.test(phone.replace(/[\s-]/g, '')))
    throw new GatewayError(400, 'PHONE_NUMBER_INVALID', 'not a phone number in international format');
  const { result, session } = await pool.use(null, async (client) => guard(() => client.port.sendCode(phone)));
  return { session, phone_code_hash: result };
}

export async function signIn(pool: ClientPool, body: Body) {
  const q = { phone: text(body, 'phone', 32), phoneCodeHash: text(body, 'phone_code_hash', 200), phoneCode: text(body, 'code', 32) };
  const { result, session } = await pool.use(text(body, 'session', 4_000), (client) => guard(() => client.port.signIn(q)));
  return { session, user: wireUser(result) };
}

export async function checkPassword(pool: ClientPool, body: Body) {
  const password = text(body, 'password', 1_000);
  const { result, session } = await pool.use(text(body, 'session', 4_000), (client) => guard(() => client.port.checkPassword(password)));
  return { session, user: wireUser(result) };
}

async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toGatewayError(error);
  }
}
