/**
 * Hostile requests generated from the OpenAPI document the API serves: for every operation a
 * request that is valid as far as the document can tell, then the same request with exactly one
 * field (path, query or body) made hostile. Used by http/fuzz.test.ts (a seeded sample in the
 * normal run, every case with FUZZ=full).
 */

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  default?: unknown;
  nullable?: boolean;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minItems?: number;
};

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Schema;
}

interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: { 'application/json'?: { schema: Schema } } };
  security?: unknown[];
}

export interface OpenApiDoc {
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}

/** Real ids of the test's world, by path parameter name (the rest get 1). */
export type IdsByName = Record<string, string | number>;

export interface FuzzOp {
  id: string;
  method: string;
  path: string;
  auth: boolean;
  params: Parameter[];
  query: Parameter[];
  body: Schema | undefined;
}

export interface FuzzCase {
  op: FuzzOp;
  /** e.g. `body.title: nul` */
  label: string;
  method: string;
  url: string;
  /** The raw JSON text (so `__proto__` and lone surrogates travel as sent), made when sent. */
  payload?: () => string;
}

export function operations(doc: OpenApiDoc): FuzzOp[] {
  const out: FuzzOp[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      out.push({
        id: op.operationId,
        method: method.toUpperCase(),
        path,
        auth: (op.security ?? []).length > 0,
        params: params.filter((p) => p.in === 'path'),
        query: params.filter((p) => p.in === 'query'),
        body: op.requestBody?.content['application/json']?.schema,
      });
    }
  }
  return out;
}

const SAMPLES = [
  'a',
  'fuzz@example.com',
  '2026-11-10',
  '10:00',
  '2026/11/10',
  'https://example.com/',
  '1234567',
  '#FFFFFF',
  '1',
  'abc.webp',
  'ja',
];

/** A value the schema accepts, as far as its JSON Schema says (refinements are not visible). */
export function sample(s: Schema | undefined, depth = 0): unknown {
  if (!s || depth > 6) return 'a';
  if (s.default !== undefined && s.default !== null) return s.default;
  if (s.enum?.length) return s.enum[0];
  const options = s.anyOf ?? s.oneOf;
  if (options?.length) return sample(options.find((o) => o.type !== 'null') ?? options[0], depth + 1);
  if (s.allOf?.length) return sample(s.allOf[0], depth + 1);
  switch (s.type) {
    case 'object': {
      const o: Record<string, unknown> = {};
      for (const k of s.required ?? []) o[k] = sample(s.properties?.[k], depth + 1);
      return o;
    }
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items, depth + 1));
    case 'integer':
    case 'number': {
      const min = typeof s.minimum === 'number' ? s.minimum + (s.exclusiveMinimum === true ? 1 : 0) : 1;
      return Math.max(min, Math.min(1, s.maximum ?? 1));
    }
    case 'boolean':
      return false;
    case 'string': {
      if (s.format === 'email') return 'fuzz@example.com';
      const re = s.pattern ? new RegExp(s.pattern) : null;
      const fits = (v: string) => (!re || re.test(v)) && v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity);
      return SAMPLES.find(fits) ?? 'a'.repeat(Math.max(1, s.minLength ?? 1));
    }
    default:
      return 'a';
  }
}

const DEEP = '__fuzz_deep__';
/** Nesting far deeper than any shape, spliced in as text (JSON.stringify would recurse as deep). */
const NESTED = '['.repeat(5000) + '1' + ']'.repeat(5000);
const MB = 'x'.repeat(1024 * 1024);

/** Hostile JSON values: text the database must never see, wrong types, extreme numbers. */
const BODY_VALUES: Record<string, unknown> = {
  nul: 'a\u0000b',
  c0: 'a\u0007b',
  newline: 'a\nb',
  tab: 'a\tb',
  surrogate: 'a\ud800b',
  low_surrogate: '\udc00',
  mb: MB,
  number: 12345,
  numeric_string: '2',
  bool: true,
  null: null,
  object: { a: 1 },
  array: ['a'],
  huge: 1e308,
  unsafe: 2 ** 64,
  /** Safe in JavaScript, past PostgreSQL's integer columns. */
  int4: 3_000_000_000,
  negative: -1,
  float: 1.5,
  deep: DEEP,
  proto: { ['__proto__']: { polluted: 1 } },
};

/** Hostile query or path text (already URL-encoded). */
const TEXT_VALUES: Record<string, string> = {
  nul: 'a%00b',
  c0: 'a%07b',
  surrogate: 'a%ED%A0%80b',
  bad_utf8: 'a%FFb',
  newline: 'a%0Ab',
  bad_escape: 'a%ZZb',
  cut_escape: 'a%E0%A4%A',
  long: 'x'.repeat(64 * 1024),
  negative: '-1',
  zero: '0',
  huge: '1e308',
  unsafe: '99999999999999999999999',
  int4: '3000000000',
  float: '1.5',
  word: 'abc',
  dots: '..%2F..%2Fetc',
};

function fill(path: string, values: Record<string, string>): string {
  return path.replace(/\{([A-Za-z_]+)\}/g, (_, n: string) => values[n]!);
}

function queryString(q: Record<string, string>): string {
  const s = Object.entries(q)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return s ? `?${s}` : '';
}

/** Every single-field hostile variant of every operation, in a stable order. */
export function fuzzCases(doc: OpenApiDoc, ids: IdsByName): FuzzCase[] {
  const prefix = doc.servers[0]!.url;
  const cases: FuzzCase[] = [];
  for (const op of operations(doc)) {
    const pathValues: Record<string, string> = {};
    for (const p of op.params) pathValues[p.name] = encodeURIComponent(String(ids[p.name] ?? sample(p.schema)));
    const query: Record<string, string> = {};
    for (const p of op.query) if (p.required) query[p.name] = encodeURIComponent(String(sample(p.schema)));
    const body = op.body ? (sample(op.body) as Record<string, unknown>) : undefined;
    const payload = (b: unknown) => (op.body ? () => JSON.stringify(b) : undefined);
    const add = (label: string, url: string, json?: () => string) =>
      cases.push({ op, label, method: op.method, url: prefix + url, ...(json === undefined ? {} : { payload: json }) });
    const base = fill(op.path, pathValues);

    for (const p of op.params) {
      for (const [kind, v] of Object.entries(TEXT_VALUES)) {
        add(`path.${p.name}: ${kind}`, fill(op.path, { ...pathValues, [p.name]: v }) + queryString(query), payload(body));
      }
    }
    for (const p of [...op.query, { name: 'fuzz_unknown', in: 'query', required: false, schema: {} } as Parameter]) {
      for (const [kind, v] of Object.entries(TEXT_VALUES)) {
        add(`query.${p.name}: ${kind}`, base + queryString({ ...query, [p.name]: v }), payload(body));
      }
      const qs = queryString(query);
      add(`query.${p.name}: repeated`, `${base}${qs ? `${qs}&` : '?'}${p.name}=1&${p.name}=2`, payload(body));
    }
    if (op.body && body && typeof body === 'object') {
      const url = base + queryString(query);
      for (const field of [...Object.keys(op.body.properties ?? {}), 'fuzz_unknown']) {
        for (const [kind, v] of Object.entries(BODY_VALUES)) {
          add(`body.${field}: ${kind}`, url, () => JSON.stringify({ ...body, [field]: v }).replace(`"${DEEP}"`, NESTED));
        }
      }
      add('body: __proto__ key', url, () => JSON.stringify(body).replace(/^\{/, '{"__proto__":{"isAdmin":true},').replace(',}', '}'));
      add('body: constructor key', url, () => JSON.stringify({ ...body, constructor: { prototype: { isAdmin: true } } }));
      for (const whole of ['null', '[]', '"text"', '12', '{"a":']) add(`body: ${whole}`, url, () => whole);
    }
  }
  return cases;
}

/** A small seeded PRNG (mulberry32), so a sample is the same on every run of a given seed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `perOp` cases of each operation, chosen by the seed. */
export function sampleCases(cases: FuzzCase[], perOp: number, seed: number): FuzzCase[] {
  const rnd = seeded(seed);
  const byOp = new Map<string, FuzzCase[]>();
  for (const c of cases) (byOp.get(c.op.id) ?? byOp.set(c.op.id, []).get(c.op.id)!).push(c);
  const out: FuzzCase[] = [];
  for (const list of byOp.values()) {
    const pool = [...list];
    for (let i = 0; i < perOp && pool.length; i++) out.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]!);
  }
  return out;
}
