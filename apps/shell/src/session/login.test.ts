import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@portal/api-client/core';
import { $session, EMPTY_SESSION } from '@portal/api-client/session';
import { performLogin } from './login';

afterEach(() => $session.set(EMPTY_SESSION));

const deps = (call: (name: string) => Promise<unknown>) => ({
  api: { call: vi.fn(call) as never },
  queryClient: new QueryClient(),
  setLanguage: vi.fn(async () => undefined),
  applyTheme: vi.fn(),
});
const body = { employee_number: 'E0034', password: 'Portal#2026' };

describe('performLogin', () => {
  it('an employee in no group is refused by the login itself: no session, the no-group page', async () => {
    const d = deps(async () => {
      throw new ApiError(401, 'USER_NOT_BE_LONG_TO_GROUP', 'no group');
    });
    const outcome = await performLogin(body, { emailLogin: false, redirect: null }, d);
    expect(outcome).toEqual({ kind: 'no-group', to: '/employee-without-group' });
    expect($session.get().accessToken).toBeFalsy();
    expect(d.api.call).toHaveBeenCalledTimes(1);
  });

  it('a wrong password is still the form’s error', async () => {
    const d = deps(async () => {
      throw new ApiError(401, 'EMPLOYEE_PASSWORD_MISMATCH', 'mismatch');
    });
    await expect(performLogin(body, { emailLogin: false, redirect: null }, d)).rejects.toMatchObject({
      code: 'EMPLOYEE_PASSWORD_MISMATCH',
    });
  });

  it('a right password whose account cannot be read says so and keeps no session', async () => {
    const d = deps(async (name) => {
      if (name === 'login') return { items: { access_token: 'tok' } };
      if (name === 'checkGroupUserLogin') return { items: {} };
      throw new ApiError(404, 'NOT_FOUND', 'no user');
    });
    await expect(performLogin(body, { emailLogin: false, redirect: null }, d)).rejects.toMatchObject({
      status: 404,
      code: 'ACCOUNT_NOT_CONFIRMED',
    });
    expect($session.get().accessToken).toBeFalsy();
  });

  it('a busy server while reading the account keeps its own message', async () => {
    const d = deps(async (name) => {
      if (name === 'login') return { items: { access_token: 'tok' } };
      if (name === 'checkGroupUserLogin') return { items: {} };
      throw new ApiError(503, 'SERVICE_BUSY', 'busy');
    });
    await expect(performLogin(body, { emailLogin: false, redirect: null }, d)).rejects.toMatchObject({ code: 'SERVICE_BUSY' });
  });
});
