import { HttpError } from './errors';

/** A keyset position: the sort column's value of the last row seen, and its id. */
export type CursorValue = [string | number, number];

/** Opaque to clients: base64url of the JSON pair. */
export function encodeCursor(v: CursorValue): string {
  return Buffer.from(JSON.stringify(v)).toString('base64url');
}

/**
 * Reads a cursor back and checks it fits the list's order (a title cursor holds a string, a date
 * cursor a number); anything else is a 400, never a query with a value of the wrong type.
 */
export function decodeCursor(raw: string, orderBy: 'title' | string): CursorValue {
  try {
    const v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && v.length === 2 && Number.isInteger(v[1]) && typeof v[0] === (orderBy === 'title' ? 'string' : 'number')) {
      return v as CursorValue;
    }
  } catch {
    // fall through to the validation error
  }
  throw new HttpError(400, 'VALIDATION_ERROR', undefined, { cursor: ['validation.format'] });
}
