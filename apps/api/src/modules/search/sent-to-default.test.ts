import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { postCommon } from '../notifications/testing';
import { actor, find, groupWith, keys, postTopic, type Actor } from './fixtures.test-util';

/**
 * The product decision recorded in docs/decisions/0015-spec-reading-the-search-path-and-its-default-data-kinds.md: with no
 * data kind chosen, every enabled kind applies, sent-to included (spec section 5), so 東京 finds
 * what was posted in or sent to 東京支社 as well as the text hits; choosing title/content only
 * narrows it to the text. Pinned here so a change of mind is a visible decision.
 */
describe.each(DIALECTS)('search: sent-to is a default data kind (%s)', (dialect) => {
  let t: TestApp;
  let me: Actor;
  let tokyo: number;
  let osaka: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const company = await t.createCompany();
    me = await actor(t, { companyId: company });
    await t.ctx.db.updateTable('users').set({ common_topic_role: 1 }).where('id', '=', me.id).execute();
    tokyo = await groupWith(t, company, [[me.id, { role_admin: 1 }]], '東京支社');
    osaka = await groupWith(t, company, [[me.id, { role_admin: 1 }]], '大阪支社');
  });
  afterAll(() => t.close());

  it('finds what was posted in or sent to 東京支社 by default, and only the text with title/content chosen', async () => {
    const inTokyo = await postTopic(t, me.token, tokyo, { topic_title: '週次報告', content: '<p>特になし</p>' });
    const sentToTokyo = await postCommon(t, me.token, [tokyo, osaka], { topic_title: '全社通達', content: '<p>年末の予定</p>' });
    const sentToOsaka = await postCommon(t, me.token, [osaka], { topic_title: '大阪のみ', content: '<p>連絡</p>' });
    const mentions = await postTopic(t, me.token, osaka, { topic_title: '出張', content: '<p>来週は東京です</p>' });
    const byDefault = keys(await find(t, me.token, '東京'));
    expect(byDefault.sort()).toEqual([`topic:${inTokyo}`, `topic:${sentToTokyo}`, `topic:${mentions}`].sort());
    expect(byDefault).not.toContain(`topic:${sentToOsaka}`);
    expect(keys(await find(t, me.token, '東京', { target_data: '1,2' }))).toEqual([`topic:${mentions}`]);
    expect(keys(await find(t, me.token, '東京', { target_data: '5' })).sort()).toEqual([`topic:${inTokyo}`, `topic:${sentToTokyo}`].sort());
  });
});
