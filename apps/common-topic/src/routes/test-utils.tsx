import { vi } from 'vitest';
import type { Settings } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { answerCalls, renderRemote } from '@portal/content/testing';
import CommonTopicRoutes from '.';

/** Test files mock '@portal/api-client/browser' themselves; this is the mocked `call`. */
export const call = () => vi.mocked(api.call);
export const calls = (name: string) => call().mock.calls.filter(([n]) => n === name);

/** Answers api.call by endpoint name; an unexpected call fails the test loudly. */
export function answer(handlers: Parameters<typeof answerCalls>[1]) {
  answerCalls(call(), handlers);
}

/** Mounted the way the shell mounts the remote, with the user and settings the shell cached at login. */
export function renderAt(url: string, me: { common_topic_role: boolean }, settings?: Settings) {
  return renderRemote(url, {
    mount: '/common-topic',
    routes: CommonTopicRoutes,
    me: { common_topic_role: me.common_topic_role },
    staleForever: true,
    ...(settings ? { settings } : {}),
  });
}
