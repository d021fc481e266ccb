import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../test/harness';
import { DEMO_PASSWORD, seedDemo } from './seed';

const API = '/service/api/v1';

describe.each(DIALECTS)('demo chats (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedDemo(t.ctx);
  });
  afterAll(() => t.close());

  const token = async (employee_number: string) =>
    (await t.inject({ method: 'POST', url: `${API}/auth/login`, payload: { employee_number, password: DEMO_PASSWORD } })).json().items
      .access_token as string;

  it('give the ordinary member a lived-in chat list with unread messages, and are added once', async () => {
    const e2 = await token('E0002');
    const list = (await t.inject({ method: 'GET', url: `${API}/group-chat/group-chat-user`, token: e2 })).json().items;
    expect(list.total).toBe(4);
    expect(list.total_unread).toBe(3);
    // The favourite first, then the newest activity.
    expect(list.data[0]).toMatchObject({ only_user: 1, favorite: 1, count_message_not_seen: 2 });
    const group = list.data.find((c: { name: string }) => c.name === '総務部 打ち合わせ');
    const history = (await t.inject({ method: 'GET', url: `${API}/message/${group.id}`, token: e2 })).json().items;
    expect(history.data).toHaveLength(6);
    expect(history.data[2].replyMessage).toMatchObject({ no_in_group_chat: 2, content: '承知しました。資料は前回のものを使いますか？' });
    expect(history.data[3].liker).toHaveLength(2);
    const e1 = await token('E0001');
    expect((await t.inject({ method: 'GET', url: `${API}/group-chat/count-unread`, token: e1 })).json().items).toEqual({
      count: 3,
      chats: 1,
    });

    await seedDemo(t.ctx);
    expect(
      Number(
        (
          await t.ctx.db
            .selectFrom('chats')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(4);
  });
});
