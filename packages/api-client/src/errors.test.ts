import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { ApiError, errorAction, parseErrorBody, SESSION_ENDING_CODES, UNAUTHORIZED_MESSAGE, type ErrorBody } from './errors';
import { ERROR_CODES } from './error-codes';
import { errorBodySchema } from './schemas/error-body';

const err = (status: number, code: string) => new ApiError(status, code, code);

describe('errorAction (spec section 8)', () => {
  it.each(['TOKEN_EXPIRED', 'INVALID_USER', 'INVALID_TOKEN'])('401 %s → login', (code) => {
    expect(errorAction(err(401, code))).toEqual({ kind: 'login' });
  });

  it('401 USER_NOT_BE_LONG_TO_GROUP → employee-without-group page', () => {
    expect(errorAction(err(401, 'USER_NOT_BE_LONG_TO_GROUP'))).toEqual({ kind: 'employee-without-group' });
  });

  it('403 → home after 3 seconds', () => {
    expect(errorAction(new ApiError(403, 'UNAUTHORIZED_ACTION', UNAUTHORIZED_MESSAGE))).toEqual({
      kind: 'go-home-after',
      ms: 3000,
    });
  });

  it.each(['GROUP_NOT_FOUND', 'GROUP_IS_STOPPED'])('404 %s → group-not-found modal', (code) => {
    expect(errorAction(err(404, code))).toEqual({ kind: 'group-not-found' });
  });

  it('400 EXCEED_COMPANY_STORAGE_CAPACITY → company storage modal', () => {
    expect(errorAction(err(400, 'EXCEED_COMPANY_STORAGE_CAPACITY'))).toEqual({ kind: 'company-storage' });
  });

  it('429 → rate-limit modal whatever the code', () => {
    expect(errorAction(err(429, 'API_RATE_EXCEEDED'))).toEqual({ kind: 'rate-limited' });
    expect(errorAction(err(429, 'INTERNAL_ERROR'))).toEqual({ kind: 'rate-limited' });
    expect(errorAction(err(503, 'SERVICE_BUSY'))).toEqual({ kind: 'busy' });
  });

  it.each([
    [400, 'VALIDATION_ERROR'],
    [400, 'USER_NO_EXIST_GENERAL_GROUP_TAG'],
    [404, 'TOPIC_NOT_FOUND'],
    [409, 'EQUIPMENT_ALREADY_BOOKED'],
  ])('%i %s is left to the screen that made the call', (status, code) => {
    expect(errorAction(err(status, code))).toEqual({ kind: 'none' });
  });

  it.each([500, 502, 503])('%i → generic "something went wrong"', (status) => {
    expect(errorAction(err(status, 'INTERNAL_ERROR'))).toEqual({ kind: 'generic' });
  });

  it('non-API failures (network, thrown bugs) → generic', () => {
    expect(errorAction(new TypeError('Failed to fetch'))).toEqual({ kind: 'generic' });
    expect(errorAction('x')).toEqual({ kind: 'generic' });
  });
});

describe('error catalogue', () => {
  it('session-ending codes are the three 401 codes of section 8', () => {
    expect([...SESSION_ENDING_CODES].sort()).toEqual(['INVALID_TOKEN', 'INVALID_USER', 'TOKEN_EXPIRED']);
  });

  it('codes are unique and include every code the client handles specially', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const c of [
      'USER_NOT_BE_LONG_TO_GROUP',
      'GROUP_NOT_FOUND',
      'GROUP_IS_STOPPED',
      'EXCEED_COMPANY_STORAGE_CAPACITY',
      'API_RATE_EXCEEDED',
      'USER_NO_EXIST_GENERAL_GROUP_TAG',
    ]) {
      expect(ERROR_CODES).toContain(c);
    }
  });

  it('error body schema accepts field errors and data, rejects a body without a code', () => {
    expect(errorBodySchema.safeParse({ status_code: 'ACCOUNT_LOCKED', message: 'm', data: { reset_url: '/x' } }).success).toBe(true);
    expect(errorBodySchema.safeParse({ status_code: 'VALIDATION_ERROR', message: 'm', errors: { a: ['k'] } }).success).toBe(true);
    expect(errorBodySchema.safeParse({ message: 'm' }).success).toBe(false);
  });
});

describe('parseErrorBody (hand-written) agrees with errorBodySchema', () => {
  const samples: [string, unknown][] = [
    ['minimal', { status_code: 'NOT_FOUND', message: 'm' }],
    ['field errors', { status_code: 'VALIDATION_ERROR', message: 'm', errors: { a: ['k'], b: [] } }],
    ['data', { status_code: 'ACCOUNT_LOCKED', message: 'm', data: { reset_url: '/x', n: 1 } }],
    ['extra keys are dropped', { status_code: 'X', message: 'm', trace: 'secret' }],
    ['no code', { message: 'm' }],
    ['no message', { status_code: 'X' }],
    ['numeric code', { status_code: 401, message: 'm' }],
    ['errors not a record', { status_code: 'X', message: 'm', errors: ['k'] }],
    ['errors with a non-string', { status_code: 'X', message: 'm', errors: { a: [1] } }],
    ['errors with a non-list', { status_code: 'X', message: 'm', errors: { a: 'k' } }],
    ['data not a record', { status_code: 'X', message: 'm', data: 'x' }],
    ['data null', { status_code: 'X', message: 'm', data: null }],
    ['null', null],
    ['string', 'Bad Gateway'],
    ['array', [{ status_code: 'X', message: 'm' }]],
  ];
  it.each(samples)('%s', (_, body) => {
    const zodResult = errorBodySchema.safeParse(body);
    expect(parseErrorBody(body)).toEqual(zodResult.success ? zodResult.data : null);
  });

  it("ErrorBody is the schema's output type", () => {
    expectTypeOf<ErrorBody>().toEqualTypeOf<z.output<typeof errorBodySchema>>();
  });
});
