import { describe, expect, it } from 'vitest';
import { manifestHeaders, SESSION_STORAGE_KEY } from './manifestHeaders';

const storage = (value: unknown) => ({ getItem: (k: string) => (k === SESSION_STORAGE_KEY ? JSON.stringify(value) : null) });

describe('remotes.json request headers', () => {
  it('sends the session’s access token so a canary user gets their build', () => {
    expect(manifestHeaders('/', storage({ accessToken: 'abc-DEF_123' }))).toEqual({
      Accept: 'application/json',
      Authorization: 'Bearer abc-DEF_123',
    });
  });

  it('sends none from the login pages, without a session, or with a malformed one', () => {
    for (const path of ['/login', '/email/login', '/line-login'])
      expect(manifestHeaders(path, storage({ accessToken: 'abc' }))).toEqual({ Accept: 'application/json' });
    expect(manifestHeaders('/', storage({ accessToken: null }))).toEqual({ Accept: 'application/json' });
    expect(manifestHeaders('/', storage({ accessToken: 'a b\r\nX: y' }))).toEqual({ Accept: 'application/json' });
    expect(manifestHeaders('/', { getItem: () => '{not json' })).toEqual({ Accept: 'application/json' });
    expect(manifestHeaders('/', undefined)).toEqual({ Accept: 'application/json' });
  });
});
