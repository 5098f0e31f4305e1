import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { accountRowsReader } from '../support/account-rows';
import { call, createContact, json, signUp } from '../support/client';
import {
  bodyShapes,
  CONTROL_TEXTS,
  hostileObject,
  hostileString,
  hostileValue,
  HOSTILE_URLS,
  LINE_BREAK_TEXTS,
  resolve,
  stringLeaves,
  validBody,
  validValue,
  withValueAt,
  type Schema,
} from './hostile-values';
import { SESSION_ONLY } from '../../worker/api/route-scopes';
import { bearer } from './victim';
import { BACKGROUND_ONLY_TABLES } from '../support/background-tables';

/** Background jobs (geocoding, the places it indexes, the placed total and the map's cells, scores, syncs) and reads move these; a rejected write must move nothing else. */
const MOVED_BY_JOBS_AND_READS = {
  ignoreColumns: [
    'last_used_at',
    'last_seen_at',
    'latitude',
    'longitude',
    'geocoded_location',
    'geocoded_place',
    'geocoded_at',
    'geocode_status',
    'relationship_score',
    'score_computed_at',
    'last_synced_at',
    'updated_at',
    'places',
    'placed',
    // The change log moves a contact's row to the end whenever the geocoder places it (ADR 021);
    // which contacts it holds, and whether as upserted or deleted, is still compared.
    'seq',
    'changed_at',
  ],
  // The map's cells follow geocoding; the reading of new messages for life events moves its cursor (ADR 043).
  ignoreTables: BACKGROUND_ONLY_TABLES,
  // A bulk delete the fuzzer sent earlier is purged while it goes on.
  hidePurgeBacklog: true,
};

/** Runs per operation: bounded so the suite stays fast (about 460 requests); raise it locally for a long soak. Each run draws a new seed. */
const RUNS = 10;

interface Fuzzer {
  token: string;
  /** The browser session, for the operations no token may use (SESSION_ONLY). */
  cookie: string;
  /** Everything stored for the fuzzing user, but what background jobs and reads move. */
  rows: () => Promise<string>;
  contactId: string;
  organizationId: string;
  interactionId: string;
  ids: string[];
}

/** The fuzzing user's credentials for an operation: the token, or the browser session where no token may go. */
const signedIn = (f: Fuzzer, method: string, path: string, init: RequestInit): RequestInit =>
  SESSION_ONLY.has(`${method} ${path}`)
    ? { ...init, headers: { ...(init.headers as Record<string, string>), cookie: f.cookie, origin: 'http://kith.test' } }
    : bearer(f.token, init);

/** Raw bodies no JSON parser should turn into a 500. */
const RAW_BODIES = [
  '{"a":',
  '{"days":1e999,"month":-1e999}',
  '',
  'null',
  '\u0000',
  '['.repeat(100_000),
  '{"first_name": "\ud800"}',
  '{"a":1,"a":2}',
  `{"x":"${'y'.repeat(2_000_000)}"}`,
];
const CONTENT_TYPES = ['application/json', 'application/json', 'application/json', 'text/plain', 'application/x-www-form-urlencoded', ''];

/** Each path id of the fuzzing user's own rows, so valid requests get past the lookup. */
function ownId(path: string, param: string, f: Fuzzer): string {
  if (param === 'tag') return 'fuzz';
  if (param === 'type') return 'reminder'; // /agenda/{type}/{id}: a kind of agenda item
  if (path.startsWith('/organizations')) return f.organizationId;
  if (path.startsWith('/interactions')) return f.interactionId;
  if (path.startsWith('/contacts')) return param === 'id' ? f.contactId : f.ids[0]!;
  return 'not-an-id';
}

/** Percent-encodes a path id; a lone surrogate becomes the invalid UTF-8 bytes it would be. */
function pathSegment(value: string): string {
  const encoded = [...value].map((ch) => (/^[\ud800-\udfff]$/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
  return encoded || '%20';
}

/** The lines (a table each) of an account snapshot that differ from the one before. */
function movedTables(before: string, after: string): string[] {
  const old = new Set(before.split('\n'));
  return after
    .split('\n')
    .filter((line) => !old.has(line))
    .map((line) => line.slice(0, 600));
}

function toQuery(values: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) && value.length < 50 ? value : [value])
      params.append(key, typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

describe('hostile input on every operation with parameters or a JSON body (fast-check)', () => {
  let doc: any;
  let f: Fuzzer;
  let runs = 0;

  // A fresh account and token for each test: the fuzz reaches routes that end every way in
  // ("log out everywhere", a token's revocation), which must not decide the next test's answers.
  beforeEach(async () => {
    doc = await json(await call('/api/v1/openapi.json'));
    const session = await signUp('Fuzzer');
    const { data: token } = await json(
      await call('/api/v1/tokens', {
        method: 'POST',
        headers: { cookie: session.cookie, origin: 'http://kith.test' },
        // Every scope, so hostile input reaches the account's routes' validation too.
        json: { name: 'fuzz', scopes: ['contacts:read', 'contacts:write', 'account'] },
      }),
    );
    const api = async (path: string, body: unknown) =>
      (
        await json(
          await call(
            `/api/v1${path}`,
            bearer(token.token, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
          ),
        )
      ).data;
    const contact = await createContact(session, {
      first_name: 'Fuzz',
      last_name: 'Target',
      emails: ['fuzz@example.com'],
      tags: ['fuzz'],
      location: 'Berlin',
    });
    const spares = await Promise.all([1, 2, 3].map((i) => createContact(session, { first_name: `Spare${i}`, tags: ['fuzz'] })));
    const org = await api('/organizations', { name: 'Fuzz Org' });
    const note = await api(`/contacts/${contact.id}/notes`, { body: 'a note' });
    f = {
      token: token.token,
      cookie: session.cookie,
      rows: await accountRowsReader(session.user.id, MOVED_BY_JOBS_AND_READS),
      contactId: contact.id,
      organizationId: org.id,
      interactionId: note.id,
      ids: spares.map((s) => s.id),
    };
  }, 30_000);

  it('answers a 4xx in the error envelope (or a 2xx to valid input), never a 5xx, and a rejected write changes nothing', async () => {
    const failures: string[] = [];
    const timings: [number, string][] = [];
    const ops = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([full, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path: full.replace(/^\/api\/v1/, ''), method: method.toUpperCase(), op })),
    );
    for (const { path, method, op } of ops) {
      const params: any[] = (op.parameters ?? []).map((p: any) => ({ ...p, schema: resolve(p.schema, doc) }));
      const jsonSchema: Schema | undefined = op.requestBody?.content?.['application/json']?.schema;
      // Uploads and raw MIME have their own tests (uploads.test.ts, inbound-email-abuse.test.ts).
      if (op.requestBody && !jsonSchema) continue;
      const pathParams = params.filter((p) => p.in === 'path');
      const queryParams = params.filter((p) => p.in === 'query');
      // Header parameters (x-d1-bookmark on every GET) are not generated here; replica-reads.test.ts sends bad ones.
      if (!pathParams.length && !queryParams.length && !jsonSchema) continue;
      const request = fc.record({
        // Deletes only ever get hostile ids: a valid one would remove the data the other runs need.
        path: fc.tuple(
          ...pathParams.map((p) =>
            method === 'DELETE'
              ? hostileString
              : fc.oneof({ arbitrary: fc.constant(ownId(path, p.name, f)), weight: 3 }, { arbitrary: hostileString, weight: 1 }),
          ),
        ),
        query: fc.record(
          Object.fromEntries(
            queryParams.map((p) => [
              p.name,
              fc.oneof(
                fc.constant(undefined),
                p.name === 'bbox' ? fc.constantFrom('-180,-90,180,90', '0,0,10,10') : validValue(p.schema, doc, p.name, f.ids),
                hostileValue,
              ),
            ]),
          ),
        ),
        body: jsonSchema
          ? fc.oneof(
              { arbitrary: hostileObject(jsonSchema, doc, f.ids).map((b) => JSON.stringify(b) ?? 'null'), weight: 8 },
              { arbitrary: fc.constantFrom(...RAW_BODIES), weight: 1 },
            )
          : fc.constant(undefined),
        contentType: fc.constantFrom(...CONTENT_TYPES),
      });
      let state = await f.rows();
      const t0 = Date.now();
      await fc
        .assert(
          fc.asyncProperty(request, async (r) => {
            runs++;
            let filled = path;
            pathParams.forEach((p, i) => (filled = filled.replace(`{${p.name}}`, pathSegment(String(r.path[i]).slice(0, 2_000)))));
            const headers: Record<string, string> = {};
            if (r.body !== undefined && r.contentType) headers['content-type'] = r.contentType;
            const res = await call(`/api/v1${filled}${toQuery(r.query)}`, signedIn(f, method, path, { method, headers, body: r.body }));
            const text = await res.text();
            const where = `${method} ${path} → ${res.status} ${text.slice(0, 200)} | query ${toQuery(r.query).slice(0, 200)} | body ${String(r.body).slice(0, 200)}`;
            if (res.status >= 500) failures.push(where);
            expect(res.status, where).toBeLessThan(500);
            if (res.status >= 400) {
              expect(res.headers.get('content-type'), where).toMatch(/application\/json/);
              expect(JSON.parse(text).error, where).toMatchObject({ code: expect.any(String), message: expect.any(String) });
            }
            if (method === 'GET') return;
            const now = await f.rows();
            if (res.status >= 400) expect(movedTables(state, now).join('\n'), `rejected write changed data: ${where}`).toBe('');
            state = now;
          }),
          { numRuns: RUNS, endOnFailure: true },
        )
        .catch((error) =>
          failures.push(
            `${method} ${path}: ${String((error as { cause?: unknown }).cause ?? '').slice(0, 6000)}\n${String(error).slice(0, 1500)}`,
          ),
        );
      timings.push([Date.now() - t0, `${method} ${path}`]);
    }
    const slowest = timings
      .sort((x, y) => y[0] - x[0])
      .slice(0, 5)
      .map(([ms, op]) => `${op} ${ms} ms`)
      .join(', ');
    console.info(`hostile input: ${runs} requests over ${ops.length} operations (${RUNS} runs each); slowest: ${slowest}`);
    expect(failures).toEqual([]);
  }, 300_000);

  it('refuses control characters, non-http(s) URLs, bad UTF-8 and lone surrogates in every JSON body with 400 naming the field, and stores nothing', async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const { path, method, op } of jsonBodyOperations(doc)) {
      const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(ownId(path, name, f)));
      const send = async (body: BodyInit) => {
        requests++;
        return call(`/api/v1${filled}`, signedIn(f, method, path, { method, headers: { 'content-type': 'application/json' }, body }));
      };
      const expectRefused = async (res: Response, field: string | null, what: string) => {
        const answer = (await res.json().catch(() => null)) as any;
        const paths: string[] = answer?.error?.details?.issues?.map((i: { path: string }) => i.path) ?? [];
        if (res.status !== 400 || answer?.error?.code !== 'invalid_request' || (field !== null && !paths.includes(field))) {
          failures.push(`${method} ${path} ${field ?? 'body'} ${what} → ${res.status} ${JSON.stringify(answer).slice(0, 200)}`);
        }
      };
      const before = await f.rows();
      const shapes = bodyShapes(op.requestBody.content['application/json'].schema, doc);
      for (const [s, shape] of shapes.entries()) {
        const valid = validBody(shape, doc, f.ids, s + 1);
        const leaves = stringLeaves(shape, doc);
        const lonePath = leaves.find((p) => !p.includes(0)) ?? null;
        const lone = lonePath ? JSON.stringify(withValueAt(valid, lonePath, 'a\ud800b')) : JSON.stringify({ ...valid, 'key\udc00': 1 });
        await expectRefused(await send(lone), lonePath?.join('.') ?? null, 'lone surrogate');
        const text = JSON.stringify(valid);
        const cut = text.indexOf('"') >= 0 ? text.indexOf('"') + 1 : text.length - 1;
        await expectRefused(
          await send(
            new Uint8Array([...new TextEncoder().encode(text.slice(0, cut)), 0xff, 0xfe, ...new TextEncoder().encode(text.slice(cut))]),
          ),
          null,
          'invalid UTF-8',
        );
        for (const [i, leaf] of leaves.entries()) {
          const field = leaf.join('.');
          if (NOT_STORED_AS_TEXT.test(field)) continue;
          const values = [
            CONTROL_TEXTS[i % CONTROL_TEXTS.length]!,
            ...(MULTI_LINE.test(field) ? [] : [LINE_BREAK_TEXTS[i % LINE_BREAK_TEXTS.length]!]),
          ];
          if (URL_FIELD.test(field)) values.push(...HOSTILE_URLS);
          for (const value of values)
            await expectRefused(await send(JSON.stringify(withValueAt(valid, leaf, value))), field, JSON.stringify(value));
        }
      }
      const after = await f.rows();
      if (after !== before)
        failures.push(`${method} ${path}: a refused body changed stored data:\n${movedTables(before, after).join('\n')}`);
    }
    console.info(`input hygiene: ${requests} requests`);
    expect(failures).toEqual([]);
  }, 300_000);
});

/** Operations that take a JSON body, with their paths relative to /api/v1. */
function jsonBodyOperations(doc: any): { path: string; method: string; op: any }[] {
  return Object.entries(doc.paths as Record<string, Record<string, any>>)
    .flatMap(([full, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path: full.replace(/^\/api\/v1/, ''), method: method.toUpperCase(), op })),
    )
    .filter(({ op }) => op.requestBody?.content?.['application/json']);
}

// Fields compared or looked up, never stored or shown as text: secrets, codes, ids, keys, the
// time zone (checked against the zone list); and the extension's participants, which are
// checked one conversation at a time (a bad one fails its conversation, not the batch).
const NOT_STORED_AS_TEXT =
  /(^|\.)(password|current_password|new_password|code|challenge_token|token|confirm_email|time_zone|phone|idempotency_key|id|ids|intro_to|\w+_id)(\.\d+)?$|\.participant\./;
// Text that may span lines (ADR 011): tabs and line breaks are kept there.
const MULTI_LINE = /(^|\.)(notes|body|error)$|^bios\./;
const URL_FIELD = /(url|website|avatar|photo|logo)/;
