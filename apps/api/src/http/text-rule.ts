import { ILL_FORMED_TEXT } from '@portal/api-client';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

/**
 * The one text rule of the API's edge, applied to every part of a request (path, query, JSON body,
 * form fields, file names) before its schema and long before any database sees it: every string,
 * and every key, is well-formed Unicode without NUL or other control characters (see
 * ILL_FORMED_TEXT). PostgreSQL refuses NUL with an error and the two databases store a lone
 * surrogate differently, so this is what keeps such input a 400 on both.
 *
 * Nesting is bounded too: no contract shape is deeper than a few levels, and the walk (like
 * zod's) must not be made to recurse without end.
 */
const MAX_DEPTH = 32;
const MAX_REPORTED = 10;

type Path = (string | number)[];

function fieldName(path: Path): string {
  return path.length ? path.join('.') : '_';
}

function visit(value: unknown, path: Path, depth: number, out: Record<string, string[]>): void {
  if (Object.keys(out).length >= MAX_REPORTED) return;
  if (typeof value === 'string') {
    if (ILL_FORMED_TEXT.test(value)) out[fieldName(path)] = ['validation.invalid_characters'];
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
      visit(value[i], path, depth + 1, out);
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
    visit((value as Record<string, unknown>)[key], path, depth + 1, out);
    path.pop();
  }
}

/** Throws 400 VALIDATION_ERROR naming each field whose text breaks the rule; `prefix` names the part. */
export function checkText(value: unknown, prefix: Path = []): void {
  if (value === undefined || value === null) return;
  const out: Record<string, string[]> = {};
  visit(value, [...prefix], 0, out);
  if (Object.keys(out).length > 0) throw new HttpError(400, 'VALIDATION_ERROR', undefined, out);
}

/** A form's JSON part, parsed and held to the same rule; `field` names it in the 400. */
export function parseFormJson(raw: string | undefined, field: string): unknown {
  let json: unknown;
  try {
    json = JSON.parse(raw ?? '{}');
  } catch {
    throw new HttpError(400, 'VALIDATION_ERROR', undefined, { [field]: ['validation.format'] });
  }
  checkText(json);
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
