import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { API } from '../groups/testing';
import { CAL, calendarFixture, createEvent, eventBody, type CalFixture } from './fixtures.test-util';

/** Favourite events in the notifications engine's favourites list (favorite_target_type 3). */
describe.each(DIALECTS)('calendar favourites in the favourites list (%s)', (dialect) => {
  let t: TestApp;
  let fx: CalFixture;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    fx = await calendarFixture(t);
  });
  afterAll(() => t.close());

  const favourites = async (token: string) =>
    (
      (await t.inject({ method: 'GET', url: `${API}/members/me/favorite?limit=50&page=1`, token })).json().items.data as {
        id: string;
        favorite_target_type: number;
        target_id: number;
        title: string;
        content: string;
        is_read: boolean;
        group_name: string | null;
      }[]
    ).filter((f) => f.favorite_target_type === 3);
  const counts = async (token: string) =>
    (await t.inject({ method: 'GET', url: `${API}/members/me/count-favorite`, token })).json().items as { count: number; unread: number };

  it('lists a starred event with its start–end range, unread until read, and only for whom it is shared', async () => {
    const id = await createEvent(t, fx.owner, eventBody({ group_id: fx.g1, title_ja: 'お気に入り会議' }));
    const before = await counts(fx.sharer);
    expect((await t.inject({ method: 'POST', url: `${CAL}/mark-favorite/${id}`, token: fx.sharer })).json().items.is_favorite).toBe(true);
    const [fav] = await favourites(fx.sharer);
    expect(fav).toMatchObject({
      id: `3-${id}`,
      target_id: id,
      title: 'お気に入り会議',
      content: '2026/11/04 10:00 – 2026/11/04 11:00',
      is_read: false,
      group_name: '開発チーム',
    });
    expect(await counts(fx.sharer)).toEqual({ count: before.count + 1, unread: before.unread + 1 });

    await t.inject({ method: 'POST', url: `${CAL}/mark-read`, token: fx.sharer, payload: { event_id: id } });
    expect((await favourites(fx.sharer))[0]?.is_read).toBe(true);

    // Someone it is not shared with cannot star it and lists nothing.
    expect((await t.inject({ method: 'POST', url: `${CAL}/mark-favorite/${id}`, token: fx.stranger })).statusCode).toBe(404);
    expect(await favourites(fx.stranger)).toEqual([]);
    expect(await favourites(fx.outsider)).toEqual([]);
  });

  it('drops an event from the list once it is deleted', async () => {
    const id = await createEvent(t, fx.owner, eventBody({ group_id: fx.g1, title_ja: '消える予定' }));
    await t.inject({ method: 'POST', url: `${CAL}/mark-favorite/${id}`, token: fx.sharer });
    expect((await favourites(fx.sharer)).map((f) => f.target_id)).toContain(id);
    expect((await t.inject({ method: 'DELETE', url: `${CAL}/${id}?delete_type=3`, token: fx.owner })).statusCode).toBe(200);
    expect((await favourites(fx.sharer)).map((f) => f.target_id)).not.toContain(id);
  });
});
