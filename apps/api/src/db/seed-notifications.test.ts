import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../test/harness';
import { DEMO_PASSWORD, seedDemo } from './seed';

const API = '/service/api/v1';

describe.each(DIALECTS)('demo notifications (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedDemo(t.ctx);
  });
  afterAll(() => t.close());

  const token = async (index: number) =>
    (
      await t.inject({
        method: 'POST',
        url: `${API}/auth/login`,
        payload: { employee_number: `E${String(index).padStart(4, '0')}`, password: DEMO_PASSWORD },
      })
    ).json().items.access_token as string;
  const get = async (tok: string, url: string) => (await t.inject({ method: 'GET', url: `${API}${url}`, token: tok })).json().items;

  it('gives the demo accounts a lived-in notification area', async () => {
    const admin = await token(1);
    const unread = await get(admin, '/members/me/notification/unread?limit=100');
    expect(unread.total).toBeGreaterThan(0);
    expect(unread.data.some((d: { unread_type: number }) => d.unread_type === 2)).toBe(true);
    expect((await get(admin, '/members/me/notification/count/2')).count).toBeGreaterThan(0);
    expect((await get(admin, '/members/me/count-favorite')).count).toBe(2);
    const ordinary = await token(2);
    const news = (await get(ordinary, '/informations')).data.map((n: { title: string }) => n.title);
    expect(news).toEqual(expect.arrayContaining(['グループポータルへようこそ', '年末年始の休業日について', 'join_approved']));
    // Two starred topics (seed-notifications) and the chat the member starred (seed-chat).
    expect((await get(ordinary, '/members/me/favorite')).total).toBe(3);
  });

  it('adds nothing when run again', async () => {
    const count = async () =>
      Number(
        (
          await t.ctx.db
            .selectFrom('informations')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await seedDemo(t.ctx);
    expect(await count()).toBe(before);
  });
});
