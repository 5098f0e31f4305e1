import fc from 'fast-check';

/** A JSON Schema as the OpenAPI document publishes it (zod → OpenAPI 3.1). */
export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  $ref?: string;
  default?: unknown;
}

const SQL = ["' OR 1=1 --", "'; DROP TABLE contacts; --", '" OR ""="', '1; SELECT * FROM users', "\\'", '%', '_', '%%%_%'];
const FTS = [
  '"',
  '"unterminated',
  'a*',
  '*',
  'NEAR(a b)',
  'AND',
  'OR',
  'NOT',
  'a OR NOT b',
  '^foo',
  'first_name:bob',
  '(',
  ')',
  '{a b}:c',
  '-',
  '+',
  'a:b:c',
  '""',
  '* OR *',
  'col:*',
];
const UNICODE = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '\u202eevil',
  'e\u0301\u0301\u0301',
  '👩‍👩‍👧‍👦',
  'İıſK',
  '\uffff',
  '\r\n\t',
  'ﷺ'.repeat(50),
  '\u200b',
];
const BBOX = [
  '1,2,3',
  'a,b,c,d',
  '181,0,0,0',
  '0,91,1,92',
  '1e999,0,1,1',
  ',,,',
  '0,0,0,0,0',
  '10,10,5,5',
  ' 1, 2,3,4',
  'NaN,0,1,1',
  '-180,-90,180,90',
  '170,-10,-170,10',
  '0x10,0,1,1',
  '1,2,3,Infinity',
];
const NUMBERS = [
  -1,
  0,
  -0,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  2 ** 53 + 1,
  -(2 ** 63),
  1.5,
  1e-300,
  Number.MAX_SAFE_INTEGER,
  999_999_999_999,
];
const NUMBER_STRINGS = ['NaN', 'Infinity', '-Infinity', '1e999', '0x1F', '1_000', '  7  ', '', '-', '1.2.3', '٣'];

const deep = (depth: number, leaf: unknown = 1): unknown => {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
};

/** Hostile strings: huge, unicode, NUL, SQL and FTS syntax, malformed boxes and numbers. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...SQL, ...FTS, ...UNICODE, ...BBOX, ...NUMBER_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('x'.repeat(100_001), 'é'.repeat(20_001), '👍'.repeat(5_000), `${'a '.repeat(3_000)}*`),
);

/** Any JSON value of the wrong kind, or nested so deep it would hurt a recursive walker. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(...NUMBERS),
  fc.constantFrom(
    null,
    true,
    false,
    [],
    {},
    [null],
    { __proto__: { polluted: 1 } },
    JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{}}}'),
  ),
  fc.integer({ min: 50, max: 3_000 }).map((n) => deep(n)),
  fc.array(hostileString, { maxLength: 3 }),
  fc.constant(Array.from({ length: 20_001 }, (_, i) => `x${i}`)),
);

function resolve(schema: Schema, doc: any): Schema {
  if (!schema.$ref) return schema;
  const path = schema.$ref.replace(/^#\//, '').split('/');
  return resolve(
    path.reduce((node: any, key) => node[key], doc),
    doc,
  );
}

const typesOf = (s: Schema) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/** Values the schema accepts (roughly: pattern and format are ignored), sometimes ids the user owns. */
export function validValue(schema: Schema, doc: any, name: string, ids: string[], depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema, doc);
  const variants = s.anyOf ?? s.oneOf;
  if (variants) return fc.oneof(...variants.map((v) => validValue(v, doc, name, ids, depth)));
  if (s.allOf) return validValue(s.allOf[0]!, doc, name, ids, depth);
  if (s.enum) return fc.constantFrom(...s.enum);
  const choices: fc.Arbitrary<unknown>[] = [];
  for (const type of typesOf(s)) {
    if (type === 'null') choices.push(fc.constant(null));
    if (type === 'boolean') choices.push(fc.boolean());
    if (type === 'integer') choices.push(fc.integer({ min: s.minimum ?? -5, max: s.maximum ?? 1_000 }));
    if (type === 'number') choices.push(fc.double({ min: s.minimum ?? -1_000, max: s.maximum ?? 1_000, noNaN: true }));
    // A map box has a syntax of its own (minLng,minLat,maxLng,maxLat): random text is never one.
    if (type === 'string' && name === 'bbox') choices.push(fc.constantFrom('-180,-90,180,90', '0,0,10,10'));
    else if (type === 'string') {
      const max = Math.min(s.maxLength ?? 40, 40);
      const text = fc.string({ minLength: Math.min(s.minLength ?? 0, max), maxLength: max });
      choices.push(
        /(^|_)ids?$/.test(name) && ids.length
          ? fc.oneof(fc.constantFrom(...ids), text)
          : /_at$/.test(name)
            ? fc.date({ noInvalidDate: true }).map((d) => d.toISOString())
            : text,
      );
    }
    if (type === 'array' && s.items && depth < 4)
      choices.push(fc.array(validValue(s.items, doc, name, ids, depth + 1), { maxLength: Math.min(s.maxItems ?? 3, 3) }));
    if (type === 'object' && depth < 4) choices.push(validObject(s, doc, ids, depth + 1));
  }
  return choices.length ? fc.oneof(...choices) : fc.jsonValue({ maxDepth: 2 });
}

function validObject(s: Schema, doc: any, ids: string[], depth: number): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(s.properties ?? {});
  const model = Object.fromEntries(entries.map(([key, prop]) => [key, validValue(prop, doc, key, ids, depth)]));
  return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in model) }) as fc.Arbitrary<Record<string, unknown>>;
}

/** One field at a time goes hostile, the others stay valid, so the hostile value is what reaches the check. */
export function hostileObject(schema: Schema, doc: any, ids: string[]): fc.Arbitrary<unknown> {
  const s = resolve(schema, doc);
  const variants = s.anyOf ?? s.oneOf;
  if (variants) return fc.oneof(...variants.map((v) => hostileObject(v, doc, ids)));
  const keys = Object.keys(s.properties ?? {});
  const valid = validObject(s, doc, ids, 1);
  const wholeBody = fc.oneof(hostileValue, fc.constant(deep(1_000)));
  if (!keys.length) return fc.oneof(valid, wholeBody);
  const oneFieldHostile = fc
    .tuple(valid, fc.constantFrom(...keys, '__unknown_field__'), hostileValue)
    .map(([body, key, value]) => ({ ...body, [key]: value }));
  return fc.oneof({ arbitrary: oneFieldHostile, weight: 6 }, { arbitrary: valid, weight: 2 }, { arbitrary: wholeBody, weight: 1 });
}

export { resolve };

/** Every object shape a body schema allows (each variant of a union), resolved. */
export function bodyShapes(schema: Schema, doc: any): Schema[] {
  const s = resolve(schema, doc);
  const variants = s.anyOf ?? s.oneOf;
  return variants ? variants.flatMap((v) => bodyShapes(v, doc)) : typesOf(s).includes('object') || s.properties ? [s] : [];
}

/** A body the shape accepts (roughly), drawn once with a fixed seed. */
export function validBody(shape: Schema, doc: any, ids: string[], seed: number): Record<string, unknown> {
  return fc.sample(validObject(shape, doc, ids, 1), { numRuns: 1, seed })[0]!;
}

const isStringSchema = (s: Schema, doc: any): boolean => {
  const r = resolve(s, doc);
  return typesOf(r).includes('string') || Boolean((r.anyOf ?? r.oneOf)?.some((v) => isStringSchema(v, doc)));
};
const objectIn = (s: Schema, doc: any): Schema | undefined => {
  const r = resolve(s, doc);
  return r.properties ? r : (r.anyOf ?? r.oneOf)?.map((v) => objectIn(v, doc)).find(Boolean);
};
const arrayItemsIn = (s: Schema, doc: any): Schema | undefined => {
  const r = resolve(s, doc);
  return r.items ?? (r.anyOf ?? r.oneOf)?.map((v) => arrayItemsIn(v, doc)).find(Boolean);
};

/** The paths of the string fields of a body shape: ["title"], ["tags", 0], ["bios", "twitter"]. */
export function stringLeaves(shape: Schema, doc: any, depth = 0): (string | number)[][] {
  if (depth > 3) return [];
  return Object.entries(shape.properties ?? {}).flatMap(([key, prop]) => {
    if (isStringSchema(prop, doc)) return [[key]];
    const items = arrayItemsIn(prop, doc);
    if (items && isStringSchema(items, doc)) return [[key, 0]];
    const inner = objectIn(items ?? prop, doc);
    return inner ? stringLeaves(inner, doc, depth + 1).map((p) => (items ? [key, 0, ...p] : [key, ...p])) : [];
  });
}

/** A copy of the body with the value at `path` replaced (missing parents created). */
export function withValueAt(body: Record<string, unknown>, path: (string | number)[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  let node: any = copy;
  path.slice(0, -1).forEach((key, i) => {
    const nextIsIndex = typeof path[i + 1] === 'number';
    if (node[key] === null || typeof node[key] !== 'object') node[key] = nextIsIndex ? [] : {};
    if (nextIsIndex) node[key] = node[key].slice(0, 1);
    node = node[key];
  });
  node[path.at(-1)!] = value;
  return copy;
}

/** Control characters a stored text refuses (ADR 011): C0, DEL, C1, and line breaks in one-line fields. */
export const CONTROL_TEXTS = ['nul\u0000here', 'bell\u0007', 'esc\u001b[31m', 'del\u007f', 'c1\u0085', 'lone\rcr', 'vt\u000bx'];
export const LINE_BREAK_TEXTS = ['two\nlines', 'crlf\r\nINJECTED:1'];
/** Schemes a URL field refuses. */
export const HOSTILE_URLS = ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'file:///etc/passwd'];
