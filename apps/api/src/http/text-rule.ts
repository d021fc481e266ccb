import { ILL_FORMED_TEXT, LINE_BREAK_OR_TAB, multilineFields } from '@portal/api-client';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { HttpError } from './errors';

/**
 * The one text rule of the API's edge, applied to every part of a request (path, query, JSON body,
 * form fields, file names) before its schema and long before any database sees it: every string,
 * and every key, is well-formed Unicode without NUL or other control characters (see
 * ILL_FORMED_TEXT). PostgreSQL refuses NUL with an error and the two databases store a lone
 * surrogate differently, so this is what keeps such input a 400 on both. Tab and line breaks are
 * refused too, except in the fields the part's schema marks multi-line (`multiline` in
 * @portal/api-client: bodies, comments, messages, memos).
 *
 * Nesting is bounded too: no contract shape is deeper than a few levels, and the walk (like
 * zod's) must not be made to recurse without end.
 */
const MAX_DEPTH = 32;
const MAX_REPORTED = 10;

type Path = (string | number)[];

/** Paths of multi-line fields, an array's items as `*` (`items.*.memo`). */
export type MultilinePaths = ReadonlySet<string>;
const NONE: MultilinePaths = new Set();

function fieldName(path: Path): string {
  return path.length ? path.join('.') : '_';
}

function shapeKey(path: Path): string {
  return path.map((p) => (typeof p === 'number' ? '*' : p)).join('.');
}

function visit(value: unknown, path: Path, depth: number, out: Record<string, string[]>, multiline: MultilinePaths): void {
  if (Object.keys(out).length >= MAX_REPORTED) return;
  if (typeof value === 'string') {
    const bad = ILL_FORMED_TEXT.test(value) || (LINE_BREAK_OR_TAB.test(value) && !multiline.has(shapeKey(path)));
    if (bad) out[fieldName(path)] = ['validation.invalid_characters'];
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth >= MAX_DEPTH) {
    out[fieldName(path)] = ['validation.too_deep'];
    return;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      visit(value[i], path, depth + 1, out, multiline);
      path.pop();
    }
    return;
  }
  for (const key of Object.keys(value)) {
    if (ILL_FORMED_TEXT.test(key)) {
      out[fieldName(path)] = ['validation.invalid_characters'];
      continue;
    }
    path.push(key);
    visit((value as Record<string, unknown>)[key], path, depth + 1, out, multiline);
    path.pop();
  }
}

/**
 * Throws 400 VALIDATION_ERROR naming each field whose text breaks the rule; `prefix` names the
 * part; `multiline` lists the fields where tab and line breaks are allowed (see multilinePaths).
 */
export function checkText(value: unknown, prefix: Path = [], multiline: MultilinePaths = NONE): void {
  if (value === undefined || value === null) return;
  const out: Record<string, string[]> = {};
  visit(value, [...prefix], 0, out, multiline);
  if (Object.keys(out).length > 0) throw new HttpError(400, 'VALIDATION_ERROR', undefined, out);
}

type Def = { type: string; [k: string]: unknown };
const known = new WeakMap<z.ZodType, MultilinePaths>();

function walkSchema(schema: z.ZodType, path: string[], out: Set<string>, depth: number): void {
  if (depth > MAX_DEPTH) return;
  if (multilineFields.get(schema)) out.add(path.join('.'));
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  const next = (s: unknown, p = path) => walkSchema(s as z.ZodType, p, out, depth + 1);
  switch (def.type) {
    case 'object':
      for (const [key, field] of Object.entries(def.shape as Record<string, unknown>)) next(field, [...path, key]);
      return;
    case 'array':
      next(def.element, [...path, '*']);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      next(def.innerType);
      return;
    case 'pipe':
      next(def.in);
      next(def.out);
      return;
    case 'union':
      for (const option of def.options as unknown[]) next(option);
      return;
    case 'intersection':
      next(def.left);
      next(def.right);
      return;
    default:
      return;
  }
}

/** The multi-line fields of a request schema, for checkText; read once, when a route is registered. */
export function multilinePaths(schema: z.ZodType | undefined): MultilinePaths {
  if (!schema) return NONE;
  let paths = known.get(schema);
  if (!paths) {
    const out = new Set<string>();
    walkSchema(schema, [], out, 0);
    paths = out.size ? out : NONE;
    known.set(schema, paths);
  }
  return paths;
}

/** A form's JSON part, parsed and held to the same rule; `field` names it in the 400. */
export function parseFormJson(raw: string | undefined, field: string, multiline: MultilinePaths = NONE): unknown {
  let json: unknown;
  try {
    json = JSON.parse(raw ?? '{}');
  } catch {
    throw new HttpError(400, 'VALIDATION_ERROR', undefined, { [field]: ['validation.format'] });
  }
  checkText(json, [], multiline);
  return json;
}

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The field a URL's bad %-escape is in: the query parameter's name when it is in the query
 * (the name itself when the name is what is broken), `_` when it is in the path.
 */
function badEscapeField(url: string): string | null {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (!decodes(path)) return '_';
  if (q < 0) return null;
  for (const pair of url.slice(q + 1).split('&')) {
    const eq = pair.indexOf('=');
    const key = (eq < 0 ? pair : pair.slice(0, eq)).replaceAll('+', ' ');
    if (!decodes(key)) return '_';
    if (eq >= 0 && !decodes(pair.slice(eq + 1))) return decodeURIComponent(key);
  }
  return null;
}

/**
 * A %-escape that is not `%` and two hex digits, or whose bytes are not UTF-8 (`%ZZ`,
 * `%E0%A4%A`), is refused with a 400 naming its field. The router and the query parser would
 * otherwise keep such text as it was sent, and a handler would take `%ZZ` for what was meant.
 */
export function refuseBadEscapes(app: FastifyInstance, prefix: string): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const url = request.url;
    if (!url.includes('%') || !url.startsWith(prefix)) return done();
    const field = badEscapeField(url);
    done(field === null ? undefined : new HttpError(400, 'VALIDATION_ERROR', undefined, { [field]: ['validation.format'] }));
  });
}
