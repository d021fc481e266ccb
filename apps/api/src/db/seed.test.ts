import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../test/harness';
import { DEMO_ACCOUNTS, DEMO_TOPICS, seedDemo } from './seed';

const API = '/service/api/v1';

describe.each(DIALECTS)('demo seed (%s)', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const count = async (table: 'users' | 'groups' | 'group_members' | 'companies' | 'topics' | 'topic_comments' | 'topic_likes') =>
    Number(
      (
        await t.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('creates at least 30 users and the demo groups, and running again adds nothing', async () => {
    const first = await seedDemo(t.ctx);
    expect(first.users).toBeGreaterThanOrEqual(30);
    expect(first.groups).toBeGreaterThanOrEqual(7);
    expect(first.topics).toBe(DEMO_TOPICS.length);
    const before = {
      users: await count('users'),
      groups: await count('groups'),
      members: await count('group_members'),
      companies: await count('companies'),
      topics: await count('topics'),
      comments: await count('topic_comments'),
      likes: await count('topic_likes'),
    };
    expect(before.users).toBeGreaterThanOrEqual(30);

    const second = await seedDemo(t.ctx);
    expect(second).toEqual({ seeded: false, users: 0, groups: 0, topics: 0 });
    const onStart = await seedDemo(t.ctx, { onlyIfEmpty: true });
    expect(onStart.seeded).toBe(false);
    expect({
      users: await count('users'),
      groups: await count('groups'),
      members: await count('group_members'),
      companies: await count('companies'),
      topics: await count('topics'),
      comments: await count('topic_comments'),
      likes: await count('topic_likes'),
    }).toEqual(before);
  });

  it('demo accounts log in with the published password and have the documented roles', async () => {
    const login = async (a: { employee_number: string; password: string }) => {
      const res = await t.inject({
        method: 'POST',
        url: `${API}/auth/login`,
        payload: { employee_number: a.employee_number, password: a.password },
      });
      expect(res.statusCode).toBe(200);
      return res.json().items.access_token as string;
    };
    const groups = await count('groups');

    const admin = (await t.inject({ method: 'GET', url: `${API}/members/me`, token: await login(DEMO_ACCOUNTS.companyAdmin) })).json()
      .items;
    expect(admin.info.is_company_admin).toBe(true);
    expect(admin.info.name).toBe('佐藤 太郎');
    expect(admin.group_role).toHaveLength(groups);
    expect(admin.group_role.every((r: { role_admin: boolean }) => r.role_admin)).toBe(true);

    const memberToken = await login(DEMO_ACCOUNTS.member);
    const member = (await t.inject({ method: 'GET', url: `${API}/members/me`, token: memberToken })).json().items;
    expect(member.info.is_company_admin).toBe(false);
    expect(member.group_role.length).toBeGreaterThan(1);
    expect(member.group_role.some((r: { role_admin: boolean; role_edit_topic: boolean }) => r.role_admin || r.role_edit_topic)).toBe(false);
    const muted = await t.ctx.db
      .selectFrom('group_members')
      .select('group_id')
      .where('user_id', '=', member.info.id)
      .where('can_notify', '=', 0)
      .execute();
    expect(muted).toHaveLength(1);

    const lonely = await login(DEMO_ACCOUNTS.noGroup);
    const check = await t.inject({ method: 'GET', url: `${API}/auth/check-group-user-login`, token: lonely });
    expect(check.json().status_code).toBe('USER_NOT_BE_LONG_TO_GROUP');
  });

  it('gives every demo user hiragana kana and a fictional e-mail domain', async () => {
    const users = await t.ctx.db.selectFrom('users').select(['last_name_kana', 'first_name_kana', 'email', 'employee_number']).execute();
    for (const u of users) {
      expect(`${u.last_name_kana}${u.first_name_kana}`).toMatch(/^[\u3041-\u3096]+$/);
      expect(u.email).toMatch(/^e\d{4}@sakura-seiki\.example$/);
      expect(u.employee_number).toMatch(/^E\d{4}$/);
    }
  });
});
