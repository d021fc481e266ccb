import { useEffect, useRef, useState } from 'react';
import { TOPIC_LOCK_REFRESH_MS } from '@portal/api-client/core';
import { API_PREFIX, ApiError } from '@portal/api-client/core';
import { routes } from '@portal/api-client/routes';
import { sessionTokens } from '@portal/api-client/session';
import { scopeId, topicCalls, type TopicScope } from './scope';

export type LockState =
  | { kind: 'pending' }
  | { kind: 'held'; token: string }
  | { kind: 'refused'; userName: string }
  | { kind: 'ended' }
  | { kind: 'failed'; error: unknown };

const isCode = (err: unknown, code: string) => err instanceof ApiError && err.code === code;

/**
 * The unlock for a page that is going away (reload, closed tab, another address typed): React
 * unmounts nothing then, and an ordinary request is cancelled with the page, which would leave
 * the lock held until it expires. A keepalive fetch outlives the page.
 */
function unlockOnLeave(scope: TopicScope, topicId: number, lockToken: string) {
  const accessToken = sessionTokens.getAccessToken();
  if (!accessToken) return;
  const { name, params } = topicCalls(scope, topicId).unlockRoute;
  const path = Object.entries(params).reduce<string>((p, [k, v]) => p.replace(`:${k}`, String(v)), routes[name].path);
  void fetch(API_PREFIX + path, {
    method: routes[name].method,
    keepalive: true,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ lock_token: lockToken }),
  }).catch(() => undefined);
}

/**
 * The edit lock of one topic: taken on mount (check-lock-topic without a token), refreshed every
 * TOPIC_LOCK_REFRESH_MS with the token, released on unmount and when the page goes away
 * (unlock-topic). A refusal names the other editor; a refresh the server no longer honours means
 * the session ended.
 */
export function useTopicLock(scope: TopicScope, topicId: number) {
  const [state, setState] = useState<LockState>({ kind: 'pending' });
  const token = useRef<string | null>(null);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setInterval> | undefined;
    const calls = topicCalls(scope, topicId);
    const stop = () => {
      if (timer) clearInterval(timer);
      timer = undefined;
    };
    const refresh = async () => {
      const held = token.current;
      if (!held) return;
      try {
        await calls.checkLock(held);
      } catch (err) {
        if (!live) return;
        if (isCode(err, 'EDIT_SESSION_ENDED')) {
          token.current = null;
          stop();
          setState({ kind: 'ended' });
        }
        // Anything else (a network blip) is retried on the next tick; the lock outlives several.
      }
    };
    // The token is kept: a page restored from the back-forward cache re-takes the lock on its next
    // refresh (the server accepts a released token while nobody else has taken the lock).
    const onPageHide = () => {
      if (token.current) unlockOnLeave(scope, topicId, token.current);
    };
    window.addEventListener('pagehide', onPageHide);
    calls
      .checkLock()
      .then((items) => {
        if (!live) {
          // Unmounted while asking: give the lock straight back.
          void calls.unlock(items.lock_token).catch(() => undefined);
          return;
        }
        token.current = items.lock_token;
        setState({ kind: 'held', token: items.lock_token });
        timer = setInterval(() => void refresh(), TOPIC_LOCK_REFRESH_MS);
      })
      .catch((err: unknown) => {
        if (!live) return;
        if (isCode(err, 'TOPIC_BEING_EDITED')) {
          const name = (err as ApiError).body?.data?.user_name;
          setState({ kind: 'refused', userName: typeof name === 'string' ? name : '' });
        } else setState({ kind: 'failed', error: err });
      });
    return () => {
      live = false;
      window.removeEventListener('pagehide', onPageHide);
      stop();
      const held = token.current;
      token.current = null;
      if (held) void calls.unlock(held).catch(() => undefined);
    };
    // scopeId: the scope object is new on every render; its identity is not what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scopeId(scope), topicId]);

  /** The server said the session ended (on save): stop refreshing, keep the page. */
  const markEnded = () => {
    token.current = null;
    setState({ kind: 'ended' });
  };
  return { state, markEnded };
}
