/**
 * The light entry (`@portal/api-client/core`): everything a browser needs at start-up — enums
 * and limits, errors, query keys and the typed client with the start-up routes (the full route
 * table is a lazy chunk) — without zod or the endpoint schemas. Shell and widgets import runtime values from here; only forms that validate
 * with a schema import the full index, which pays for zod in their own lazy chunks.
 *
 * Schema-derived types are re-exported type-only, so importing a schema value from here is a
 * compile error rather than a silent 45 KB on the start-up path.
 */
export * from './constants';
export * from './errors';
export * from './query-keys';
export * from './endpoint';
export * from './client';
export type { Endpoints, EndpointName } from './endpoints';
export type * from './schemas/common';
export type * from './schemas/auth';
export type * from './schemas/members';
export * from './schemas/remotes';
export type * from './schemas/groups';
export type * from './schemas/topics';
export type * from './schemas/files';
export type * from './schemas/calendar';
export * from './calendar-constants';
export * from './files-events';
/** Asia/Tokyo date arithmetic shared by the API and the calendar screens. */
export * as calendarDates from './calendar-dates';
export * from './chat';
export { charLength, hasScriptTag } from './text-rules';
export type * from './schemas/chat';
export type * from './schemas/notifications';
export type * from './schemas/news';
export type * from './schemas/todo';
export type * from './schemas/settings';
export * from './theme';
export type * from './schemas/help';
