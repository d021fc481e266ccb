import type { ErrorBody, ErrorCode } from '@portal/api-client';
import type { z } from 'zod';

/** Default English messages; the UI shows its own i18n text keyed by status_code. */
const MESSAGES: Partial<Record<ErrorCode, string>> = {
  INVALID_TOKEN: 'The access token is invalid.',
  TOKEN_EXPIRED: 'The access token has expired.',
  INVALID_USER: 'The user is no longer valid.',
  VALIDATION_ERROR: 'The given data was invalid.',
  NOT_FOUND: 'Not found.',
  INTERNAL_ERROR: 'Something went wrong.',
  API_RATE_EXCEEDED: 'Too many requests. Please wait a moment and try again.',
};

/** An error a handler throws on purpose; the error handler turns it into the standard body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message?: string,
    readonly errors?: Record<string, string[]>,
    readonly data?: Record<string, unknown>,
  ) {
    super(message ?? MESSAGES[code] ?? code);
    this.name = 'HttpError';
  }

  toBody(): ErrorBody {
    return {
      status_code: this.code,
      message: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
      ...(this.data ? { data: this.data } : {}),
    };
  }
}

type Issue = z.core.$ZodIssue;

/**
 * Whether the value an issue is about was absent. Zod 4 drops `input` from the issues it returns,
 * so the value is looked up in what was parsed, along the issue's path; without that input, its
 * own wording ("received undefined") is the remaining witness.
 */
function wasMissing(issue: Issue, input: { value: unknown } | undefined): boolean {
  if ('input' in issue && issue.input !== undefined) return false;
  if (!input) return /received undefined$/.test(issue.message);
  let at: unknown = input.value;
  for (const key of issue.path) {
    if (at === null || typeof at !== 'object' || !Object.hasOwn(at, key as PropertyKey)) return true;
    at = (at as Record<PropertyKey, unknown>)[key as PropertyKey];
  }
  return at === undefined;
}

/**
 * Zod's own messages are English sentences; the contract promises i18n keys, so map by code.
 * `validation.required` only for a value that is not there: a value of the wrong type is
 * `validation.invalid_type`, whatever it is.
 */
function keyFor(issue: Issue, input: { value: unknown } | undefined): string {
  if (issue.message.startsWith('validation.')) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return wasMissing(issue, input) ? 'validation.required' : 'validation.invalid_type';
    case 'too_big':
      return issue.origin === 'string' ? 'validation.max_length' : 'validation.max';
    case 'too_small':
      return issue.origin === 'string' && issue.minimum === 1 ? 'validation.required' : 'validation.min';
    case 'invalid_value':
      return 'validation.invalid_value';
    case 'invalid_format':
      return 'validation.format';
    default:
      return 'validation.invalid';
  }
}

function collect(
  issues: readonly Issue[],
  prefix: (string | number)[],
  out: Record<string, string[]>,
  input: { value: unknown } | undefined,
): void {
  for (const issue of issues) {
    const at = [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(out, [...at, key].join('.'), 'validation.unknown_field');
      continue;
    }
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      // Report the branch the caller most likely meant: the one with the fewest complaints.
      const best = [...issue.errors].sort((a, b) => a.length - b.length)[0]!;
      collect(best, at, out, input && { value: valueAt(input.value, issue.path) });
      continue;
    }
    add(out, at.length ? at.join('.') : '_', keyFor(issue, input));
  }
}

function add(out: Record<string, string[]>, field: string, key: string): void {
  const list = (out[field] ??= []);
  if (!list.includes(key)) list.push(key);
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value;
  for (const key of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

/**
 * 400 VALIDATION_ERROR with `errors: {field: [i18n keys]}` from a zod error. Pass what was parsed
 * as `input` (`{ value }`), so a missing field is told from one of the wrong type.
 */
export function validationError(err: z.ZodError, prefix: (string | number)[] = [], input?: { value: unknown }): HttpError {
  const errors: Record<string, string[]> = {};
  collect(err.issues as readonly Issue[], prefix, errors, input);
  return new HttpError(400, 'VALIDATION_ERROR', undefined, errors);
}
