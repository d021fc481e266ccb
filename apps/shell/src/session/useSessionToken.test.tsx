import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { $session, EMPTY_SESSION, setSession } from '@portal/api-client/session';
import { useSessionToken } from './useSessionToken';

afterEach(() => $session.set(EMPTY_SESSION));

describe('useSessionToken', () => {
  it('starts from the stored token and follows every change (set, replaced, cleared)', async () => {
    setSession({ accessToken: 'a' });
    const { result } = renderHook(() => useSessionToken());
    expect(result.current).toBe('a');
    await act(async () => setSession({ accessToken: 'b' }));
    expect(result.current).toBe('b');
    await act(async () => $session.set(EMPTY_SESSION));
    expect(result.current).toBeNull();
  });

  it('catches a token set between the first render and the subscription', async () => {
    const { result } = renderHook(() => {
      const token = useSessionToken();
      // Changes the store during the render, before the effect subscribes.
      if (!$session.get().accessToken) setSession({ accessToken: 'late' });
      return token;
    });
    await act(async () => undefined);
    expect(result.current).toBe('late');
  });
});
