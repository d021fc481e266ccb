import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useBackTarget } from './backTarget';

const LIST = { path: '/group/3/new-feed', label: '新着トピックへ戻る' };
const target = (from: string | null) => renderHook(() => useBackTarget(from, LIST)).result.current;

describe('the back link of a detail page', () => {
  it('returns to the list the page was opened from', () => {
    expect(target('home')).toEqual({ path: '/', label: 'ホームへ戻る' });
    expect(target('notification')).toEqual({ path: '/notification/unread', label: '未読一覧へ戻る' });
    expect(target('like')).toEqual({ path: '/notification/like', label: 'いいね一覧へ戻る' });
    expect(target('favourite')).toEqual({ path: '/notification/favourite', label: 'お気に入り一覧へ戻る' });
  });

  it("falls back to the page's own list for no or an unknown `from`", () => {
    expect(target(null)).toEqual(LIST);
    expect(target('https://evil.example')).toEqual(LIST);
  });
});
