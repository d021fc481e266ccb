import type { ErrorCode } from '@portal/api-client';
import { HttpError } from '../http/errors';

/** The one 403 of the spec: the caller may not do this here. */
export const forbidden = () => new HttpError(403, 'UNAUTHORIZED_ACTION', 'This action is unauthorized.');

/** A 404 with the spec's code for what was missing (`TOPIC_NOT_FOUND`, `FILE_NOT_FOUND`, …). */
export const notFound = (code: ErrorCode, message?: string) => new HttpError(404, code, message);
