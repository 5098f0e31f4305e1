import { SELF } from 'cloudflare:test';

export const ORIGIN = 'http://kith.test';

export interface Session {
  user: { id: string; email: string; name: string };
  cookie: string;
}

let counter = 0;
export const uniqueEmail = (label = 'user') =>
  `${label}-${Date.now().toString(36)}-${++counter}-${Math.random().toString(36).slice(2, 6)}@example.com`;

/** Calls the real Worker (Hono + Remix) in workerd. */
export function call(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  // Each request comes from its own client IP unless a test says otherwise, so the
  // per-IP sign-in limit only bites where a test means it to.
  if (!headers.has('cf-connecting-ip')) headers.set('cf-connecting-ip', `198.51.100.${Math.floor(Math.random() * 250)}-${Math.random()}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  return SELF.fetch(`${ORIGIN}${path}`, { ...init, headers, body, redirect: 'manual' });
}

/** A request as the signed-in browser makes it: session cookie, and our Origin on writes. */
export function as(session: Session, path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('cookie', session.cookie);
  if (init.method && init.method !== 'GET') headers.set('origin', ORIGIN);
  return call(path, { ...init, headers });
}

export async function signUp(name = 'Test User', email = uniqueEmail()): Promise<Session> {
  const res = await call('/api/v1/auth/signup', { method: 'POST', json: { email, password: 'correct horse battery', name } });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  const { data } = (await res.json()) as { data: { user: Session['user'] } };
  return { user: data.user, cookie };
}

export async function json<T = any>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

export async function createContact(session: Session, body: Record<string, unknown>): Promise<any> {
  const res = await as(session, '/api/v1/contacts', { method: 'POST', json: body });
  if (res.status !== 201) throw new Error(`create contact failed: ${res.status} ${await res.text()}`);
  return (await json(res)).data;
}
