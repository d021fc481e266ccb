import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext, AuthUser } from './context';
import { createTestApp, DIALECTS, type TestApp } from '../test/harness';
import { actor, C, groupWith, topicBody, type Actor } from '../modules/topics/fixtures.test-util';
import { commonContentScope } from './content-scope';

describe.each(DIALECTS)('common scope rights from the session statement (%s)', (dialect) => {
  let t: TestApp;
  let poster: Actor;
  let group: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const company = await t.createCompany();
    poster = await actor(t, { companyId: company });
    group = await groupWith(t, company, [[poster.id, {}]]);
  });
  afterAll(() => t.close());

  const setRole = (on: boolean) =>
    t.ctx.db
      .updateTable('users')
      .set({ common_topic_role: on ? 1 : 0 })
      .where('id', '=', poster.id)
      .execute();
  const post = () => t.inject({ method: 'POST', url: `${C}/create`, token: poster.token, payload: topicBody({ selected_group: [group] }) });

  it('a right granted or withdrawn counts from the next request of the same login', async () => {
    expect((await post()).statusCode).toBe(403);
    await setRole(true);
    expect((await post()).statusCode).toBe(200);
    await setRole(false);
    expect((await post()).statusCode).toBe(403);
  });

  it('uses the rights the session read and asks the database only for a caller without them', async () => {
    const noDatabase = new Proxy(
      {},
      {
        get: () => {
          throw new Error('database used');
        },
      },
    );
    const offline = { ...t.ctx, db: noDatabase } as unknown as AppContext;
    const base: AuthUser = { id: poster.id, companyId: poster.companyId, isCompanyAdmin: false, sessionId: 's' };
    expect(await commonContentScope(offline, { ...base, commonTopicRole: true }, 'write')).toMatchObject({
      canWrite: true,
      isAdmin: false,
    });
    await expect(commonContentScope(offline, { ...base, commonTopicRole: false }, 'write')).rejects.toMatchObject({ statusCode: 403 });
    await expect(commonContentScope(offline, base, 'read')).rejects.toThrow('database used');
    await setRole(true);
    expect(await commonContentScope(t.ctx, base, 'write')).toMatchObject({ canWrite: true });
  });
});
