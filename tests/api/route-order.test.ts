import { describe, expect, it } from 'vitest';
import { as, call, createContact, json, signUp } from '../support/client';

type Operation = { method: string; path: string };

const segments = (path: string) => path.split('/').filter(Boolean);
const isParam = (segment: string) => segment.startsWith('{');

/** Whether `pattern` (with {params}) would also match the literal `path`. */
function shadows(pattern: string, path: string): boolean {
  const p = segments(pattern);
  const s = segments(path);
  return p.length === s.length && p.some(isParam) && p.every((seg, i) => isParam(seg) || seg === s[i]);
}

async function operations(): Promise<Operation[]> {
  const doc = await json(await call('/api/v1/openapi.json'));
  return Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path: path.replace(/^\/api\/v1/, '') })),
  );
}

// Hono runs the handlers that match in the order they were added, so a resource mounts its
// fixed paths (/contacts/ids, /contacts/export.csv...) before /{id} (routes/contacts/index.ts).
describe('route order: a fixed path is never read as an id', () => {
  it('answers every fixed path with its own route, not the {id} route beside it', async () => {
    const me = await signUp();
    const ops = await operations();
    const literal = ops.filter((op) => !segments(op.path).some(isParam));
    const shadowed = literal.filter((op) => ops.some((other) => other.method === op.method && shadows(other.path, op.path)));
    const keys = shadowed.map((op) => `${op.method} ${op.path}`);
    // The walk finds the ones we know of (and any added later).
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /contacts/ids',
        'GET /contacts/map',
        'GET /contacts/export.csv',
        'GET /contacts/export.vcf',
        'DELETE /contacts/2nd-tier',
      ]),
    );
    for (const op of shadowed) {
      const res = await as(me, `/api/v1${op.path}`, { method: op.method });
      const text = await res.text();
      // The {id} routes answer 404 for an id that is not the user's; the fixed ones answer
      // their own way (200, or 400 for a missing required parameter such as the map's bbox).
      expect(res.status, `${op.method} ${op.path} → ${res.status} ${text.slice(0, 200)}`).not.toBe(404);
    }
  });

  it('still reads an id in the same place', async () => {
    const me = await signUp();
    const contact = await createContact(me, { first_name: 'Ida' });
    const res = await as(me, `/api/v1/contacts/${contact.id}`);
    expect(res.status).toBe(200);
    expect((await json(res)).data.full_name).toBe('Ida');
    const gone = await as(me, '/api/v1/contacts/not-an-id');
    expect(gone.status).toBe(404);
    expect((await json(gone)).error.code).toBe('not_found');
  });
});
