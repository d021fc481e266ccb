import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../test/harness';
import { actor, API, type Actor } from '../modules/groups/fixtures.test-util';
import { getSettings } from '../modules/members/service';

describe.each(DIALECTS)('settings with the per-user cache on (%s)', (dialect) => {
  let t: TestApp;
  let u: Actor;
  const pageSize = async () =>
    (await t.inject({ method: 'GET', url: `${API}/members/me/settings`, token: u.token })).json().items.setting_display
      .number_item_lists as number;
  const patch = (n: number) =>
    t.inject({ method: 'PATCH', url: `${API}/members/me/settings/setting_display`, token: u.token, payload: { number_item_lists: n } });
  const storeDirectly = (n: number) =>
    t.ctx.db
      .insertInto('user_settings')
      .values({ user_id: u.id, section: 'setting_display', value: JSON.stringify({ number_item_lists: n }), updated_at: t.clock() })
      .onConflict((oc) => oc.columns(['user_id', 'section']).doUpdateSet({ value: JSON.stringify({ number_item_lists: n }) }))
      .execute();

  beforeAll(async () => {
    t = await createTestApp(dialect, { sessionCacheMs: 10_000 });
    u = await actor(t);
  });
  afterAll(() => t.close());

  it('a PATCH answers and reads back the new values at once, after the old ones were cached', async () => {
    expect(await pageSize()).toBe(10);
    const res = await patch(25);
    expect(res.json().items.setting_display.number_item_lists).toBe(25);
    expect(await pageSize()).toBe(25);
  });

  it('another process’s change counts on its settings.updated event; an unannounced write after the TTL', async () => {
    await patch(20);
    expect(await pageSize()).toBe(20);
    await storeDirectly(30); // as another process writes it, before its event arrives
    expect(await pageSize()).toBe(20);
    await t.ctx.bus.publish([u.id], { kind: 'settings.updated', payload: { section: 'setting_display' } });
    expect(await pageSize()).toBe(30);

    await storeDirectly(40);
    t.clock.advance(10_000);
    expect(await pageSize()).toBe(40);
  });

  it('hands out a frozen value, so no caller can change what the next one reads', async () => {
    const settings = await getSettings(t.ctx, u.id);
    const before = settings.setting_display.number_item_lists;
    expect(() => {
      (settings.setting_display as { number_item_lists: number }).number_item_lists = 99;
    }).toThrow(TypeError);
    expect((await getSettings(t.ctx, u.id)).setting_display.number_item_lists).toBe(before);
  });
});
