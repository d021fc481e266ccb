/**
 * Error codes the API answers with (spec section 8). The body of every error is
 * `{ status_code, message, errors? }`; `status_code` is one of these and the UI maps it to a
 * message in packages/i18n (namespace `errors`, key = the code).
 */
export const ERROR_CODES = [
  // 401
  'TOKEN_EXPIRED',
  'INVALID_TOKEN',
  'INVALID_USER',
  'USER_NOT_BE_LONG_TO_GROUP',
  // auth flow
  'LOGIN_FAILED',
  'ACCOUNT_NOT_CONFIRMED',
  'EMAIL_PASSWORD_MISMATCH',
  'EMPLOYEE_PASSWORD_MISMATCH',
  'ACCOUNT_LOCKED',
  'MUST_RESET_PASSWORD',
  'RESET_LINK_EXPIRED',
  'EMAIL_NOT_REGISTERED',
  'INVALID_LINK',
  'PASSWORD_SAME_AS_CURRENT',
  'CURRENT_PASSWORD_INCORRECT',
  // generic
  'API_RATE_EXCEEDED',
  'VALIDATION_ERROR',
  'UNAUTHORIZED_ACTION',
  'NOT_FOUND',
  'INTERNAL_ERROR',
  // groups
  'GROUP_NOT_FOUND',
  'GROUP_IS_STOPPED',
  'DUPLICATE_GROUP',
  'ALREADY_IN_GROUP',
  'JOIN_REQUEST_SENT',
  'PENDING_APPROVAL',
  'LINK_UNUSABLE',
  'INVALID_MEMBER_IN_INVITE_LIST',
  'INVALID_USER_STATUS',
  'ONLY_ONE_MEMBER',
  'MUST_APPOINT_ADMIN',
  'DUPLICATE_EMAIL',
  'EMPLOYEE_NUMBER_USED',
  // content
  'TOPIC_NOT_FOUND',
  'COMMENT_NOT_FOUND',
  'FOLDER_NOT_FOUND',
  'FILE_NOT_FOUND',
  'HISTORY_NOT_FOUND',
  'CALENDAR_NOT_FOUND',
  'MESSAGE_NOT_FOUND',
  'TOPIC_BEING_EDITED',
  'EDIT_SESSION_ENDED',
  'EXCEED_GROUP_STORAGE_CAPACITY',
  'EXCEED_COMPANY_STORAGE_CAPACITY',
  'UPLOAD_OVER_SIZE',
  'TOO_MANY_FILES',
  'DOWNLOAD_OVER_LIMIT',
  'ATTACH_FOLDER_FILE_NOT_MOVABLE',
  'ATTACH_FILE_NOT_EDITABLE',
  // chat
  'CHAT_NOT_FOUND',
  'CHAT_DIFFERENT_GROUPS',
  'CHAT_STORAGE_FULL',
  'USER_NO_EXIST_GENERAL_GROUP_TAG',
  // calendar
  'EQUIPMENT_ALREADY_BOOKED',
  'RESERVATION_RETROACTIVE',
  'OUTSIDE_BUSINESS_HOURS',
  // line
  'LINE_NO_EMAIL',
  'LINE_NOT_CONFIGURED',
  'LINE_LOGIN_FAILED',
  'LINE_NOT_LINKED',
  'LINE_ALREADY_LINKED',
  'USER_NOT_FOUND',
  // company administration (issue 19)
  'IMPORT_NOT_FOUND',
  'IMPORT_HAS_ERRORS',
  'IMPORT_RUNNING',
  'IMPORT_EXPIRED',
  'NOT_ALL_ENCODABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** 401 codes after which the client clears the session and goes to login (section 8). */
export const SESSION_ENDING_CODES: readonly ErrorCode[] = [
  'TOKEN_EXPIRED',
  'INVALID_TOKEN',
  'INVALID_USER',
];

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

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

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
  if (err.status === 400 || err.status === 404 || err.status === 409) return { kind: 'none' };
  return { kind: 'generic' };
}
