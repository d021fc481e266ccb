import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesceKey, Coalescer } from './coalesce';

describe('coalescing of count-only realtime events', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keys likes per topic/comment and badges per user; everything else passes through', () => {
    expect(coalesceKey({ kind: 'topic.liked', payload: { group_id: 1, topic_id: 5 } })).toBe('topic.liked:5:');
    expect(coalesceKey({ kind: 'common-topic.comment.liked', payload: { group_id: null, topic_id: 5, comment_id: 9 } })).toBe(
      'common-topic.comment.liked:5:9',
    );
    expect(coalesceKey({ kind: 'notification.changed', payload: {} })).toBe('notification.changed');
    // A like the page applies as a change: per liker, so a burst of several people's likes
    // reaches the page whole; the same person's toggles still collapse to their latest.
    const like = (id: number, on: boolean) =>
      coalesceKey({ kind: 'topic.liked', payload: { group_id: 1, topic_id: 5, like: { user: { id, name: 'x' }, on } } });
    expect(like(3, true)).toBe('topic.liked:5::3');
    expect(like(3, false)).toBe(like(3, true));
    expect(like(4, true)).not.toBe(like(3, true));
    for (const kind of ['topic.comment.added', 'topic.created', 'chat.message.created', 'settings.updated', 'auth.session.revoked']) {
      expect(coalesceKey({ kind, payload: { topic_id: 5 } }), kind).toBeNull();
    }
  });

  it('sends the first at once, collapses a burst into one trailing frame per second, ends on the latest', () => {
    const sent: string[] = [];
    const c = new Coalescer((d) => sent.push(d), 1000);
    c.deliver('k', 'like-1');
    for (let i = 2; i <= 50; i++) c.deliver('k', `like-${i}`);
    c.deliver('other', 'o-1');
    c.deliver(null, 'comment');
    expect(sent).toEqual(['like-1', 'o-1', 'comment']);
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual(['like-1', 'o-1', 'comment', 'like-50']);
    c.deliver('k', 'like-51'); // inside the window the trailing frame opened
    vi.advanceTimersByTime(999);
    expect(sent).toHaveLength(4);
    vi.advanceTimersByTime(1);
    expect(sent.at(-1)).toBe('like-51');
    vi.advanceTimersByTime(5000); // quiet: the window closes, the next event goes out at once
    c.deliver('k', 'like-52');
    expect(sent.at(-1)).toBe('like-52');
    c.close();
  });
});
