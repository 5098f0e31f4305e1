import { RateLimitedError } from '../domain/errors';
import { DbTimer, serverTiming } from '../db/timed-d1';
import { depsFromEnv } from '../domain/deps';
import { assertScope } from '../domain/auth/scopes';
import { signInToDav, type DavCaller } from '../domain/dav/dav-sign-in';
import { countDavWrite } from '../domain/dav/dav-write-limit';
import { getSettings, type Env } from '../env';
import { readCapped } from '../read-capped';
import { strictUtf8 } from '../request-text';
import { offOrigin } from './dav-origin';
import { DAV_ROOT, parseDavPath, WELL_KNOWN, type DavTarget } from './dav-paths';
import { MAX_CARD_BYTES } from './dav-properties';
import { propfind } from './dav-propfind';
import { report } from './dav-report';
import { cardByName, davError, versionOf, VCARD_3, VCARD_4 } from './dav-responses';
import { deleteCard, putCard } from './dav-write';
import { parseXml, XmlError, type XmlElement } from './dav-xml';

// The CardDAV server (RFC 6352, RFC 6578; ADR 028): a small router of its own beside the API and
// the pages, mounted from worker/index.ts for /dav/ and /.well-known/carddav. Basic auth with a
// sync password only; every path names its user, and another user's is not found.

const ALLOW = 'OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, REPORT';
const WRITES = new Set(['PUT', 'DELETE']);
/** A PROPFIND or REPORT body (a multiget of 1 000 hrefs is ~150 KB). */
const MAX_XML_BYTES = 1_000_000;

export const isDavPath = (pathname: string) => pathname === WELL_KNOWN || pathname === '/dav' || pathname.startsWith(DAV_ROOT);

const davHeaders = { DAV: '1, 3, addressbook', Allow: ALLOW, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

function unauthorized(): Response {
  return davError(401, 'Sign in with your email and a sync password from Settings → Sync with your phone', undefined, {
    'WWW-Authenticate': 'Basic realm="Kith", charset="UTF-8"',
  });
}

async function xmlBody(request: Request): Promise<XmlElement | null | Response> {
  if (!request.body) return null;
  const bytes = await readCapped(request.body, MAX_XML_BYTES);
  if (!bytes) return davError(413, 'The request body is too large');
  const text = strictUtf8(bytes);
  if (text === null) return davError(400, 'The request body is not UTF-8');
  try {
    return parseXml(text);
  } catch (error) {
    if (error instanceof XmlError) return davError(400, error.message);
    throw error;
  }
}

async function route(request: Request, target: DavTarget, caller: DavCaller): Promise<Response> {
  const method = request.method.toUpperCase();
  if (method === 'PROPFIND' || method === 'REPORT') {
    const body = await xmlBody(request);
    if (body instanceof Response) return body;
    return method === 'PROPFIND' ? propfind(target, caller, body, request.headers.get('depth') ?? '1') : report(target, caller, body);
  }
  if (target.kind !== 'card') {
    if (method === 'GET' || method === 'HEAD')
      return new Response(method === 'HEAD' ? null : 'Kith address book: add it to a CardDAV client.\n', {
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      });
    return davError(405, `${method} is not allowed on a collection`, undefined, { Allow: 'OPTIONS, GET, HEAD, PROPFIND, REPORT' });
  }
  if (method === 'GET' || method === 'HEAD') {
    const version = versionOf(request.headers.get('accept'));
    const card = await cardByName(caller, target.name, version);
    if (!card) return davError(404, 'This card is not in the address book');
    return new Response(method === 'HEAD' ? null : card.body, {
      headers: { 'content-type': version === '4.0' ? VCARD_4 : VCARD_3, ETag: card.etag },
    });
  }
  if (method === 'PUT') {
    const bytes = request.body ? await readCapped(request.body, MAX_CARD_BYTES) : new Uint8Array();
    if (!bytes) return davError(413, `A card may be at most ${MAX_CARD_BYTES} bytes`, '<card:max-resource-size/>');
    return putCard(caller, target.name, bytes, request.headers);
  }
  if (method === 'DELETE') return deleteCard(caller, target.name, request.headers);
  return davError(405, `${method} is not allowed on a card`, undefined, { Allow: 'OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND' });
}

/** Answers a request under /dav/ or /.well-known/carddav. */
export async function handleDav(request: Request, env: Env): Promise<Response> {
  const timer = new DbTimer();
  const start = performance.now();
  const response = await answer(request, env, timer);
  const headers = new Headers(response.headers);
  // Time in the Worker and waiting on D1, as the API answers it (read by `npm run bench -- --dav`),
  // and what a phone's sync pays per request (ADR 046, ADR 059): the D1 calls it waited on, the
  // statements they held and the rows D1 read for them (a streamed answer's, so far).
  headers.append('Server-Timing', serverTiming(performance.now() - start, timer));
  for (const [name, value] of Object.entries(davHeaders)) if (!headers.has(name)) headers.set(name, value);
  return new Response(response.body, { status: response.status, headers });
}

async function answer(request: Request, env: Env, timer: DbTimer): Promise<Response> {
  const url = new URL(request.url);
  // RFC 6764 §5: the well-known address leads to the DAV root, whatever the method.
  if (url.pathname === WELL_KNOWN) return new Response(null, { status: 301, headers: { Location: DAV_ROOT } });
  if (request.method === 'OPTIONS') return new Response(null, { status: 200 });
  const target = parseDavPath(url.pathname);
  if (!target) return davError(404, 'Nothing is here');
  const misdirected = offOrigin(request, getSettings(env).APP_URL);
  if (misdirected) return misdirected;
  try {
    const server = depsFromEnv(env, timer);
    const caller = await timer.part('sign-in', () => signInToDav(server, request));
    if (!caller) return unauthorized();
    assertScope(caller.caller, 'dav');
    if ('userId' in target && target.userId !== caller.user.id) return davError(404, 'Nothing is here');
    if (WRITES.has(request.method.toUpperCase())) await countDavWrite(server, caller);
    return await timer.part('answer', () => route(request, target, caller));
  } catch (error) {
    if (error instanceof RateLimitedError)
      return davError(429, error.message, undefined, { 'Retry-After': String(error.retryAfterSeconds) });
    throw error;
  }
}
