import type { ErrorCode } from './error-codes';

/**
 * The API's error codes (`ErrorCode`, the list in error-codes.ts) are a type here: the list itself
 * is a value only tests and the full entry need, and this module is on the browser's start-up path.
 */
export type { ErrorCode } from './error-codes';

/** 401 codes after which the client clears the session and goes to login (section 8). */
export const SESSION_ENDING_CODES: readonly ErrorCode[] = ['TOKEN_EXPIRED', 'INVALID_TOKEN', 'INVALID_USER'];

/**
 * Body of every error reply. Written out by hand (the zod twin, errorBodySchema in
 * schemas/error-body.ts, serves the API and OpenAPI) so the browser's start-up path needs no
 * zod; errors.test.ts holds the two to the same answers.
 */
export interface ErrorBody {
  status_code: string;
  message: string;
  /** Field name → list of message keys, for 400 validation errors. */
  errors?: Record<string, string[]>;
  /** Extra data some errors carry (e.g. the reset link on ACCOUNT_LOCKED). */
  data?: Record<string, unknown>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The body as an ErrorBody, or null when it is not one (proxy page, empty body, garbage). */
export function parseErrorBody(body: unknown): ErrorBody | null {
  if (!isRecord(body) || typeof body.status_code !== 'string' || typeof body.message !== 'string') return null;
  const { errors, data } = body;
  const out: ErrorBody = { status_code: body.status_code, message: body.message };
  if (errors !== undefined) {
    if (!isRecord(errors)) return null;
    for (const list of Object.values(errors)) {
      if (!Array.isArray(list) || !list.every((m) => typeof m === 'string')) return null;
    }
    out.errors = errors as Record<string, string[]>;
  }
  if (data !== undefined) {
    if (!isRecord(data)) return null;
    out.data = data;
  }
  return out;
}

/** The message the spec fixes for 403 (section 8). */
export const UNAUTHORIZED_MESSAGE = 'This action is unauthorized.';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body?: ErrorBody,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * What the UI should do with a failed call (section 8). Kept as data so the shell's handler and
 * its tests read from one table.
 */
export type ErrorAction =
  | { kind: 'login' }
  | { kind: 'employee-without-group' }
  | { kind: 'approval-waiting' }
  | { kind: 'go-home-after'; ms: number }
  | { kind: 'group-not-found' }
  | { kind: 'company-storage' }
  | { kind: 'rate-limited' }
  /** 503: the server shed the request (reads were already retried by the client); try later. */
  | { kind: 'busy' }
  | { kind: 'generic' }
  | { kind: 'none' };

export function errorAction(err: unknown): ErrorAction {
  if (!(err instanceof ApiError)) return { kind: 'generic' };
  if (err.status === 401) {
    if (err.code === 'USER_NOT_BE_LONG_TO_GROUP') return { kind: 'employee-without-group' };
    return { kind: 'login' };
  }
  if (err.status === 403 && err.code === 'PENDING_APPROVAL') return { kind: 'approval-waiting' };
  if (err.status === 403) return { kind: 'go-home-after', ms: 3000 };
  if (err.status === 404 && (err.code === 'GROUP_NOT_FOUND' || err.code === 'GROUP_IS_STOPPED')) {
    return { kind: 'group-not-found' };
  }
  if (err.status === 400 && err.code === 'EXCEED_COMPANY_STORAGE_CAPACITY') {
    return { kind: 'company-storage' };
  }
  if (err.status === 429) return { kind: 'rate-limited' };
  if (err.status === 503 && err.code === 'SERVICE_BUSY') return { kind: 'busy' };
  if (err.status === 400 || err.status === 404 || err.status === 409) return { kind: 'none' };
  return { kind: 'generic' };
}
