import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@portal/api-client/core';
import { refreshCalendarQueries } from './realtime';

describe('calendar events refresh the calendar queries', () => {
  it('every query under the calendar root reloads, topics do not', async () => {
    const client = new QueryClient();
    const week = ['calendar', 'days', '2026-11-02', 7, { type: 1 }, 1] as const;
    const count = ['calendar', 'unread-count'] as const;
    const feed = queryKeys.groupTopicList(1, 'all', {});
    for (const key of [week, count, feed]) client.setQueryData(key, { cached: true });
    await refreshCalendarQueries(client);
    expect([week, count, feed].map((k) => client.getQueryState(k)?.isInvalidated)).toEqual([true, true, false]);
  });
});
