/**
 * Error codes the API answers with (spec section 8). The body of every error is
 * `{ status_code, message, errors? }`; `status_code` is one of these and the UI maps it to a
 * message in packages/i18n (namespace `errors`, key = the code). Not exported from `./core` (the
 * browser's start-up singleton needs only the type): the full entry and tests import the list.
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
  // 503: overload shed or the database briefly away; the answer carries Retry-After
  'SERVICE_BUSY',
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
  // company administration
  'IMPORT_NOT_FOUND',
  'IMPORT_HAS_ERRORS',
  'IMPORT_RUNNING',
  'IMPORT_EXPIRED',
  'NOT_ALL_ENCODABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
