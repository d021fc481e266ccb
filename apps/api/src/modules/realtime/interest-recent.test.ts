import { describe, expect, it } from 'vitest';
import { MAX_RECENT_PER_SOCKET, RECENT_MS, TopicViews, type Viewer } from './interest';

/**
 * A page that leaves a topic keeps its grant for RECENT_MS (interest.ts), so coming back needs
 * no check against the database, under the same rules that end a grant held by an open page.
 */
describe('remembered topic grants', () => {
  const setup = () => {
    let now = 1_000_000;
    const views = new TopicViews<Viewer>(() => now);
    const conn = (userId: number): Viewer => ({ userId, viewing: new Map(), recent: new Map() });
    return { views, conn, tick: (ms: number) => (now += ms) };
  };

  it('remembers a left topic and its group until RECENT_MS have passed', () => {
    const { views, conn, tick } = setup();
    const a = conn(1);
    expect(views.remembered(a, 10)).toBeUndefined();
    views.add(a, 10, 7);
    expect(views.remembered(a, 10), 'an open topic is not a remembered one').toBeUndefined();
    views.remove(a, 10);
    expect([...views.viewersOf(10)]).toEqual([]);
    tick(RECENT_MS - 1);
    expect(views.remembered(a, 10)).toEqual({ groupId: 7 });
    tick(1);
    expect(views.remembered(a, 10)).toBeUndefined();
    expect(a.recent.size).toBe(0);
  });

  it('forgets it when a whole-audience event leaves the user out, but not when it lists them', () => {
    const { views, conn } = setup();
    const [a, b] = [conn(1), conn(2)];
    for (const c of [a, b]) {
      views.add(c, 10, 7);
      views.remove(c, 10);
    }
    views.revalidate(10, new Set([2]));
    expect(views.remembered(a, 10)).toBeUndefined();
    expect(views.remembered(b, 10)).toEqual({ groupId: 7 });
  });

  it('forgets the topics of a group the user left, and everything when the socket is cleared', () => {
    const { views, conn } = setup();
    const a = conn(1);
    views.add(a, 10, 7);
    views.add(a, 11, 8);
    views.add(a, 12, null);
    for (const id of [10, 11, 12]) views.remove(a, id);
    views.leftGroup([a], 7);
    expect(views.remembered(a, 10)).toBeUndefined();
    expect(views.remembered(a, 11)).toEqual({ groupId: 8 });
    views.clear(a);
    expect(views.remembered(a, 11)).toBeUndefined();
    expect(views.remembered(a, 12)).toBeUndefined();
  });

  it('subscribing again moves the grant back to the open topics; a socket keeps at most a bounded number', () => {
    const { views, conn } = setup();
    const a = conn(1);
    views.add(a, 10, 7);
    views.remove(a, 10);
    views.add(a, 10, 7);
    expect(a.recent.has(10)).toBe(false);
    expect([...views.viewersOf(10)]).toEqual([a]);
    for (let id = 100; id < 100 + MAX_RECENT_PER_SOCKET + 5; id++) {
      views.add(a, id, 7);
      views.remove(a, id);
    }
    expect(a.recent.size).toBe(MAX_RECENT_PER_SOCKET);
    expect(views.remembered(a, 100), 'the oldest went first').toBeUndefined();
    expect(views.remembered(a, 100 + MAX_RECENT_PER_SOCKET + 4)).toEqual({ groupId: 7 });
  });

  it('an unsubscribe from a topic the page did not hold grants nothing', () => {
    const { views, conn } = setup();
    const a = conn(1);
    views.remove(a, 10);
    expect(views.remembered(a, 10)).toBeUndefined();
  });
});
