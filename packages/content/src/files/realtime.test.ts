import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@portal/api-client/core';
import { refreshFileQueries } from './realtime';

describe('a files.changed event', () => {
  it('refetches that folder’s lists, not another group’s (the unread counts are the shell’s)', async () => {
    const qc = new QueryClient();
    const keys = [
      queryKeys.groupFileList(3, 'all', {}),
      queryKeys.groupFileList(4, 'all', {}),
      queryKeys.commonFileList({}),
      queryKeys.notificationCount(1),
    ];
    for (const k of keys) qc.setQueryData(k, 'old');
    await refreshFileQueries(qc, { group_id: 3 });
    const stale = keys.map((k) => qc.getQueryState(k)?.isInvalidated);
    expect(stale).toEqual([true, false, false, false]);
    await refreshFileQueries(qc, { group_id: null });
    expect(qc.getQueryState(keys[2]!)?.isInvalidated).toBe(true);
    expect(qc.getQueryState(keys[1]!)?.isInvalidated).toBe(false);
  });
});
