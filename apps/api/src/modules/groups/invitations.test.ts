import { LIMITS } from '@portal/api-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../mail';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { actor, API, groupWith, type Actor } from './fixtures.test-util';

const DAY = 86_400_000;

describe.each(DIALECTS)('invitations and join requests (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  let admin: Actor;
  let g: number;
  const sent: MailMessage[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
    const real = t.ctx.mailer;
    // Record what goes out and still deliver it through the configured (outbox) transport.
    t.ctx.mailer = {
      send: async (m) => {
        sent.push(m);
        await real.send(m);
      },
      close: () => real.close(),
    };
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    admin = await actor(t, { companyId: company, lastName: '管理', firstName: '者' });
    g = await groupWith(t, company, [[admin.id, { role_admin: 1 }]], `招待テスト${Math.random().toString(36).slice(2, 8)}`);
  });

  const my = (path = '') => `${API}/members/me/groups/${g}${path}`;
  const tokenFrom = (m: MailMessage) => /\/group\/([A-Za-z0-9_-]+)\/preview/.exec(m.text)![1]!;
  const preview = (token: string) => t.inject({ method: 'GET', url: `${API}/invite-members/${token}` });

  it('checks addresses, mails one invitation each in the chosen language, and lists them', async () => {
    const member = await actor(t, { companyId: company });
    await t.addMember(g, member.id);
    const colleague = await actor(t, { companyId: company });
    const foreign = await actor(t);
    const check = await t.inject({
      method: 'POST',
      url: my('/check-exist-mails'),
      token: admin.token,
      payload: { mails: [member.email, colleague.email, foreign.email, 'New@Example.com'] },
    });
    expect(check.json().items).toEqual([
      { email: member.email, state: 'member' },
      { email: colleague.email, state: 'registered' },
      { email: foreign.email, state: 'other_company' },
      { email: 'new@example.com', state: 'new' },
    ]);

    const refused = await t.inject({
      method: 'POST',
      url: my('/invite-members'),
      token: admin.token,
      payload: { mails: [member.email, 'a@example.com'] },
    });
    expect(refused.json()).toMatchObject({ status_code: 'INVALID_MEMBER_IN_INVITE_LIST', data: { mails: [member.email] } });

    const before = sent.length;
    const res = await t.inject({
      method: 'POST',
      url: my('/invite-members'),
      token: admin.token,
      payload: { mails: ['a@example.com', 'b@example.com'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((i: { state: string }) => i.state)).toEqual(['invited', 'invited']);
    expect(res.json().items[0].expires_at).toBe(t.clock() + LIMITS.invitationExpiryDays * DAY);
    const mails = sent.slice(before);
    expect(mails.map((m) => m.to)).toEqual(['a@example.com', 'b@example.com']);
    expect(mails[0]!.subject).toContain('への招待');
    expect(mails[0]!.text).toContain('管理 者 さんから');
    expect(mails[0]!.html).toContain('href="http://portal.test/group/');

    await t.inject({ method: 'POST', url: my('/invite-members'), token: admin.token, payload: { mails: ['c@example.com'], lang: 'en' } });
    expect(sent.at(-1)!.subject).toMatch(/^\[Group Portal\] Invitation to/);

    const list = await t.inject({ method: 'GET', url: my('/invite-members'), token: admin.token });
    expect(list.json().items.data.map((i: { email: string }) => i.email)).toEqual(['c@example.com', 'b@example.com', 'a@example.com']);
  });

  it('an invitation expires after 7 days (injected clock); re-invite issues a new link and the old one dies', async () => {
    await t.inject({ method: 'POST', url: my('/invite-members'), token: admin.token, payload: { mails: ['late@example.com'] } });
    const first = tokenFrom(sent.at(-1)!);
    expect((await preview(first)).json().items).toMatchObject({ type: 'mail', email: 'late@example.com' });

    t.clock.advance(LIMITS.invitationExpiryDays * DAY);
    // Access tokens live minutes, not days: log in again at the new time.
    admin.token = await t.login(admin);
    const expired = await preview(first);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().status_code).toBe('LINK_UNUSABLE');
    const list = (await t.inject({ method: 'GET', url: my('/invite-members'), token: admin.token })).json().items.data;
    expect(list[0]).toMatchObject({ email: 'late@example.com', state: 'expired' });

    const again = await t.inject({ method: 'PUT', url: my(`/invite-members/${list[0].id}`), token: admin.token });
    expect(again.json().items[0].state).toBe('invited');
    const second = tokenFrom(sent.at(-1)!);
    expect(second).not.toBe(first);
    expect((await preview(second)).statusCode).toBe(200);
    t.clock.advance(-LIMITS.invitationExpiryDays * DAY);
    admin.token = await t.login(admin);
    expect((await preview(first)).json().status_code).toBe('LINK_UNUSABLE');

    const cancel = await t.inject({ method: 'DELETE', url: my(`/invite-members/${list[0].id}`), token: admin.token });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().items.result).toBe('cancelled');
    expect((await preview(second)).json().status_code).toBe('LINK_UNUSABLE');
    const listed = async () =>
      (await t.inject({ method: 'GET', url: my('/invite-members'), token: admin.token })).json().items.data as {
        id: number;
        state: string;
      }[];
    expect((await listed()).find((i) => i.id === list[0].id)?.state).toBe('cancelled');

    // A stopped invitation is deleted by the second DELETE, and is gone from the list.
    const del = await t.inject({ method: 'DELETE', url: my(`/invite-members/${list[0].id}`), token: admin.token });
    expect(del.json().items.result).toBe('deleted');
    expect((await listed()).some((i) => i.id === list[0].id)).toBe(false);
    const gone = await t.inject({ method: 'DELETE', url: my(`/invite-members/${list[0].id}`), token: admin.token });
    expect(gone.statusCode).toBe(404);
  });

  it('inviting an address again supersedes the pending invitation', async () => {
    await t.inject({ method: 'POST', url: my('/invite-members'), token: admin.token, payload: { mails: ['twice@example.com'] } });
    const old = tokenFrom(sent.at(-1)!);
    await t.inject({ method: 'POST', url: my('/invite-members'), token: admin.token, payload: { mails: ['twice@example.com'] } });
    expect((await preview(old)).json().status_code).toBe('LINK_UNUSABLE');
    expect((await preview(tokenFrom(sent.at(-1)!))).statusCode).toBe(200);
  });

  it('a re-issued invite link invalidates the old one; join request, ALREADY_IN_GROUP, approval is idempotent', async () => {
    const old = (await t.inject({ method: 'GET', url: my('/invite-link'), token: admin.token })).json().items;
    expect(old.url).toBe(`http://portal.test/group/${old.unique_url}/preview`);
    const fresh = (await t.inject({ method: 'GET', url: my('/get-new-invite-link'), token: admin.token })).json().items.unique_url;
    expect(fresh).not.toBe(old.unique_url);
    expect((await preview(old.unique_url)).json().status_code).toBe('LINK_UNUSABLE');
    expect((await preview(fresh)).json().items).toMatchObject({ type: 'link', email: null, group: { member_count: 1 } });

    const joiner = await actor(t, { companyId: company });
    const stale = await t.inject({ method: 'POST', url: `${API}/groups/${old.unique_url}/join-requests`, token: joiner.token });
    expect(stale.json().status_code).toBe('LINK_UNUSABLE');
    const req = await t.inject({ method: 'POST', url: `${API}/groups/${fresh}/join-requests`, token: joiner.token });
    expect(req.json().items.status).toBe('pending');
    const again = await t.inject({ method: 'POST', url: `${API}/groups/${fresh}/join-requests`, token: joiner.token });
    expect(again.json().items.id).toBe(req.json().items.id);
    expect((await t.inject({ method: 'POST', url: `${API}/groups/${fresh}/join-requests`, token: admin.token })).json().status_code).toBe(
      'ALREADY_IN_GROUP',
    );
    const foreign = await actor(t);
    expect((await t.inject({ method: 'POST', url: `${API}/groups/${fresh}/join-requests`, token: foreign.token })).json().status_code).toBe(
      'LINK_UNUSABLE',
    );

    const pending = (await t.inject({ method: 'GET', url: my('/join-requests'), token: admin.token })).json().items.data;
    expect(pending.map((p: { user_id: number }) => p.user_id)).toEqual([joiner.id]);
    const id = pending[0].id;
    const [a, b] = await Promise.all([
      t.inject({ method: 'PUT', url: my(`/join-requests/${id}`), token: admin.token }),
      t.inject({ method: 'PUT', url: my(`/join-requests/${id}`), token: admin.token }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const rows = await t.ctx.db
      .selectFrom('group_members')
      .select('user_id')
      .where('group_id', '=', g)
      .where('user_id', '=', joiner.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect((await t.inject({ method: 'GET', url: my(), token: joiner.token })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: my('/join-requests'), token: admin.token })).json().items.total).toBe(0);
    expect((await t.inject({ method: 'POST', url: `${API}/groups/${fresh}/join-requests`, token: joiner.token })).json().status_code).toBe(
      'ALREADY_IN_GROUP',
    );
  });

  it('approve all and reject', async () => {
    const link = (await t.inject({ method: 'GET', url: my('/invite-link'), token: admin.token })).json().items.unique_url;
    const people = [await actor(t, { companyId: company }), await actor(t, { companyId: company }), await actor(t, { companyId: company })];
    for (const p of people) await t.inject({ method: 'POST', url: `${API}/groups/${link}/join-requests`, token: p.token });
    const pending = (await t.inject({ method: 'GET', url: my('/join-requests'), token: admin.token })).json().items.data;
    const rejected = await t.inject({ method: 'DELETE', url: my(`/join-requests/${pending[0].id}`), token: admin.token });
    expect(rejected.statusCode).toBe(200);
    const all = await t.inject({ method: 'PUT', url: my('/join-requests-approval-all'), token: admin.token });
    expect(all.json().items).toEqual({ approved: 2 });
    expect((await t.inject({ method: 'PUT', url: my('/join-requests-approval-all'), token: admin.token })).json().items).toEqual({
      approved: 0,
    });
    const members = (await t.inject({ method: 'GET', url: my('/members'), token: admin.token }))
      .json()
      .items.data.map((m: { id: number }) => m.id);
    expect(members.sort()).toEqual([admin.id, people[1]!.id, people[2]!.id].sort());
  });

  it('a new user registers from a mail invitation: user + pending request, invitation used up', async () => {
    await t.inject({ method: 'POST', url: my('/invite-members'), token: admin.token, payload: { mails: ['newbie@example.com'] } });
    const token = tokenFrom(sent.at(-1)!);
    const body = {
      unique_url: token,
      employee_number: `N${g}`,
      email: 'newbie@example.com',
      password: 'Newbie#2026',
      password_confirmation: 'Newbie#2026',
      last_name: '新入',
      first_name: '社員',
      last_name_kana: 'しんにゅう',
      first_name_kana: 'しゃいん',
    };
    const wrongType = await t.inject({ method: 'POST', url: `${API}/members/registers/2`, payload: body });
    expect(wrongType.json().status_code).toBe('LINK_UNUSABLE');
    const wrongMail = await t.inject({
      method: 'POST',
      url: `${API}/members/registers/1`,
      payload: { ...body, email: 'other@example.com' },
    });
    expect(wrongMail.json().status_code).toBe('LINK_UNUSABLE');
    const res = await t.inject({ method: 'POST', url: `${API}/members/registers/1`, payload: body });
    expect(res.statusCode).toBe(200);
    const { user_id } = res.json().items;
    const user = await t.ctx.db.selectFrom('users').select(['company_id', 'email']).where('id', '=', user_id).executeTakeFirstOrThrow();
    expect(user).toEqual({ company_id: company, email: 'newbie@example.com' });
    expect((await preview(token)).json().status_code).toBe('LINK_UNUSABLE');
    const pending = (await t.inject({ method: 'GET', url: my('/join-requests'), token: admin.token })).json().items.data;
    expect(pending.map((p: { user_id: number }) => p.user_id)).toEqual([user_id]);

    const link = (await t.inject({ method: 'GET', url: my('/invite-link'), token: admin.token })).json().items.unique_url;
    const dupMail = await t.inject({
      method: 'POST',
      url: `${API}/members/registers/2`,
      payload: { ...body, unique_url: link, employee_number: `M${g}` },
    });
    expect(dupMail.json().status_code).toBe('DUPLICATE_EMAIL');
    const dupNumber = await t.inject({
      method: 'POST',
      url: `${API}/members/registers/2`,
      payload: { ...body, unique_url: link, email: 'x@example.com' },
    });
    expect(dupNumber.json().status_code).toBe('EMPLOYEE_NUMBER_USED');
    const weak = await t.inject({
      method: 'POST',
      url: `${API}/members/registers/2`,
      payload: { ...body, unique_url: link, password: 'short', password_confirmation: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password).toContain('validation.password_min');
  });
});
