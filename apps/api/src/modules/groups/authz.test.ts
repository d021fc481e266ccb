import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { actor, API, groupWith, insertEquipment, insertInvitation, insertJoinRequest, type Actor } from './fixtures.test-util';

type Persona = 'anonymous' | 'outsider' | 'otherCompany' | 'companyAdmin' | 'member' | 'invite' | 'folder' | 'topic' | 'admin';
const PERSONAS: Persona[] = ['anonymous', 'outsider', 'otherCompany', 'companyAdmin', 'member', 'invite', 'folder', 'topic', 'admin'];

interface Fx {
  g: number;
  target: number;
  invitation: number;
  request: number;
  equipment: number;
}
interface Case {
  name: string;
  /** member | invite | role_admin | member-or-company-admin */
  rule: 'member' | 'invite' | 'role_admin' | 'member-or-company-admin';
  req: (fx: Fx) => { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: unknown };
}

const MY = (fx: Fx) => `${API}/members/me/groups/${fx.g}`;
const CASES: Case[] = [
  { name: 'myGroup', rule: 'member', req: (fx) => ({ method: 'GET', url: MY(fx) }) },
  { name: 'group', rule: 'member-or-company-admin', req: (fx) => ({ method: 'GET', url: `${API}/groups/${fx.g}` }) },
  { name: 'myGroupRoles', rule: 'member', req: (fx) => ({ method: 'GET', url: `${MY(fx)}/roles` }) },
  { name: 'updateGroup', rule: 'role_admin', req: (fx) => ({ method: 'POST', url: MY(fx), payload: { notice: 'お知らせ' } }) },
  {
    name: 'updateGroupNotification',
    rule: 'member',
    req: (fx) => ({ method: 'POST', url: `${API}/members/me/update-group-notification`, payload: { group_id: fx.g, can_notify: false } }),
  },
  { name: 'groupMembers', rule: 'member', req: (fx) => ({ method: 'GET', url: `${MY(fx)}/members` }) },
  {
    name: 'updateRoles',
    rule: 'role_admin',
    req: (fx) => ({
      method: 'POST',
      url: `${API}/groups/${fx.g}/update-roles`,
      payload: {
        members: [{ user_id: fx.target, role_admin: false, role_invite: true, role_edit_shared_folder: false, role_edit_topic: false }],
      },
    }),
  },
  {
    name: 'listRoleMemberGroup',
    rule: 'role_admin',
    req: (fx) => ({ method: 'POST', url: `${MY(fx)}/list-role-member-group`, payload: { member_ids: [fx.target] } }),
  },
  { name: 'deleteMember', rule: 'role_admin', req: (fx) => ({ method: 'POST', url: `${MY(fx)}/delete-user/${fx.target}` }) },
  { name: 'hasOtherAdmin', rule: 'member', req: (fx) => ({ method: 'GET', url: `${MY(fx)}/has-other-admin` }) },
  { name: 'leaveGroup', rule: 'member', req: (fx) => ({ method: 'GET', url: `${MY(fx)}/leave` }) },
  {
    name: 'checkExistMails',
    rule: 'invite',
    req: (fx) => ({ method: 'POST', url: `${MY(fx)}/check-exist-mails`, payload: { mails: ['new@matrix.example'] } }),
  },
  {
    name: 'inviteMembers',
    rule: 'invite',
    req: (fx) => ({ method: 'POST', url: `${MY(fx)}/invite-members`, payload: { mails: ['new@matrix.example'] } }),
  },
  { name: 'invitations', rule: 'invite', req: (fx) => ({ method: 'GET', url: `${MY(fx)}/invite-members` }) },
  { name: 'reinvite', rule: 'invite', req: (fx) => ({ method: 'PUT', url: `${MY(fx)}/invite-members/${fx.invitation}` }) },
  { name: 'cancelInvitation', rule: 'invite', req: (fx) => ({ method: 'DELETE', url: `${MY(fx)}/invite-members/${fx.invitation}` }) },
  { name: 'inviteLink', rule: 'invite', req: (fx) => ({ method: 'GET', url: `${MY(fx)}/invite-link` }) },
  { name: 'newInviteLink', rule: 'invite', req: (fx) => ({ method: 'GET', url: `${MY(fx)}/get-new-invite-link` }) },
  { name: 'joinRequests', rule: 'invite', req: (fx) => ({ method: 'GET', url: `${MY(fx)}/join-requests` }) },
  { name: 'approveJoinRequest', rule: 'role_admin', req: (fx) => ({ method: 'PUT', url: `${MY(fx)}/join-requests/${fx.request}` }) },
  { name: 'approveAllJoinRequests', rule: 'role_admin', req: (fx) => ({ method: 'PUT', url: `${MY(fx)}/join-requests-approval-all` }) },
  { name: 'rejectJoinRequest', rule: 'role_admin', req: (fx) => ({ method: 'DELETE', url: `${MY(fx)}/join-requests/${fx.request}` }) },
  { name: 'equipments', rule: 'member', req: (fx) => ({ method: 'GET', url: `${MY(fx)}/equipments` }) },
  {
    name: 'createEquipment',
    rule: 'role_admin',
    req: (fx) => ({ method: 'POST', url: `${MY(fx)}/equipments`, payload: { name: 'プロジェクター' } }),
  },
  {
    name: 'updateEquipment',
    rule: 'role_admin',
    req: (fx) => ({ method: 'PATCH', url: `${MY(fx)}/equipments/${fx.equipment}`, payload: { name: '会議室B' } }),
  },
  { name: 'deleteEquipment', rule: 'role_admin', req: (fx) => ({ method: 'DELETE', url: `${MY(fx)}/equipments/${fx.equipment}` }) },
];

const ROLES = {
  member: {},
  invite: { role_invite: 1 },
  folder: { role_edit_shared_folder: 1 },
  topic: { role_edit_topic: 1 },
  admin: { role_admin: 1 },
} as const;

/** The exact status each persona must get under a rule (section 6 plus the not-found style). */
function expected(rule: Case['rule'], p: Persona): number {
  if (p === 'anonymous') return 401;
  if (p === 'outsider' || p === 'otherCompany') return 404;
  if (p === 'companyAdmin') return rule === 'member-or-company-admin' ? 200 : 404;
  if (rule === 'member' || rule === 'member-or-company-admin') return 200;
  if (rule === 'invite') return p === 'invite' || p === 'admin' ? 200 : 403;
  return p === 'admin' ? 200 : 403;
}

describe.each(DIALECTS)('groups authorisation matrix (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  const who = {} as Record<Exclude<Persona, 'anonymous'>, Actor>;
  let owner: Actor;
  let target: Actor;
  let requester: Actor;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
    const other = await t.createCompany();
    for (const p of ['outsider', 'member', 'invite', 'folder', 'topic', 'admin'] as const) who[p] = await actor(t, { companyId: company });
    who.companyAdmin = await actor(t, { companyId: company, isCompanyAdmin: true });
    who.otherCompany = await actor(t, { companyId: other, isCompanyAdmin: true });
    owner = await actor(t, { companyId: company });
    target = await actor(t, { companyId: company });
    requester = await actor(t, { companyId: company });
    // The outsider is in some other group of the company; the other-company user administers one.
    await groupWith(t, company, [[who.outsider.id, { role_admin: 1 }]]);
    await groupWith(t, other, [[who.otherCompany.id, { role_admin: 1 }]]);
  });
  afterAll(() => t.close());

  async function fixture(): Promise<Fx> {
    const g = await groupWith(t, company, [
      [owner.id, { role_admin: 1 }],
      [target.id, {}],
      ...(Object.keys(ROLES) as (keyof typeof ROLES)[]).map((k) => [who[k].id, ROLES[k]] as [number, Record<string, 0 | 1>]),
    ]);
    return {
      g,
      target: target.id,
      invitation: (await insertInvitation(t, g, `invited${g}@matrix.example`)).id,
      request: await insertJoinRequest(t, g, requester.id),
      equipment: await insertEquipment(t, g),
    };
  }

  for (const c of CASES) {
    it(`${c.name}: ${c.rule}`, async () => {
      const got: Record<string, number> = {};
      const want: Record<string, number> = {};
      for (const p of PERSONAS) {
        const fx = await fixture();
        const r = c.req(fx);
        const res = await t.inject({ ...r, payload: r.payload as never, token: p === 'anonymous' ? undefined : who[p].token });
        got[p] = res.statusCode;
        want[p] = expected(c.rule, p);
        if (res.statusCode === 404 && (p === 'outsider' || p === 'otherCompany' || p === 'companyAdmin')) {
          expect(res.json().status_code, `${c.name} as ${p}`).toBe('GROUP_NOT_FOUND');
        }
      }
      expect(got).toEqual(want);
    });
  }

  it('createGroup: only a company administrator', async () => {
    const statuses: Record<string, number> = {};
    for (const p of PERSONAS) {
      const res = await t.inject({
        method: 'POST',
        url: `${API}/groups`,
        payload: { name: `新グループ${p}` },
        token: p === 'anonymous' ? undefined : who[p].token,
      });
      statuses[p] = res.statusCode;
    }
    expect(statuses).toEqual({
      anonymous: 401,
      outsider: 403,
      otherCompany: 200,
      companyAdmin: 200,
      member: 403,
      invite: 403,
      folder: 403,
      topic: 403,
      admin: 403,
    });
  });

  it('an id from another group is not found even for an administrator of both groups', async () => {
    const mine = await fixture();
    const theirs = await fixture();
    const token = who.admin.token;
    const urls = [
      { method: 'PUT' as const, url: `${API}/members/me/groups/${mine.g}/invite-members/${theirs.invitation}` },
      { method: 'DELETE' as const, url: `${API}/members/me/groups/${mine.g}/invite-members/${theirs.invitation}` },
      { method: 'PUT' as const, url: `${API}/members/me/groups/${mine.g}/join-requests/${theirs.request}` },
      { method: 'DELETE' as const, url: `${API}/members/me/groups/${mine.g}/join-requests/${theirs.request}` },
      { method: 'PATCH' as const, url: `${API}/members/me/groups/${mine.g}/equipments/${theirs.equipment}`, payload: { name: 'x' } },
      { method: 'DELETE' as const, url: `${API}/members/me/groups/${mine.g}/equipments/${theirs.equipment}` },
    ];
    for (const u of urls) {
      const res = await t.inject({ ...u, token });
      expect(res.statusCode, `${u.method} ${u.url}`).toBe(404);
    }
    const stranger = await actor(t, { companyId: company });
    const del = await t.inject({ method: 'POST', url: `${API}/members/me/groups/${mine.g}/delete-user/${stranger.id}`, token });
    expect(del.statusCode).toBe(404);
    const roles = await t.inject({
      method: 'POST',
      url: `${API}/members/me/groups/${mine.g}/list-role-member-group`,
      payload: { member_ids: [stranger.id] },
      token,
    });
    expect(roles.statusCode).toBe(404);
    // Nothing of the other group changed.
    const inv = await t.ctx.db
      .selectFrom('group_invitations')
      .select('status')
      .where('id', '=', theirs.invitation)
      .executeTakeFirstOrThrow();
    expect(inv.status).toBe('invited');
    const req = await t.ctx.db
      .selectFrom('group_join_requests')
      .select('status')
      .where('id', '=', theirs.request)
      .executeTakeFirstOrThrow();
    expect(req.status).toBe('pending');
    expect(
      await t.ctx.db.selectFrom('group_equipments').select('name').where('id', '=', theirs.equipment).executeTakeFirstOrThrow(),
    ).toEqual({ name: '会議室A' });
  });

  it('a stopped group answers GROUP_IS_STOPPED to its members', async () => {
    const fx = await fixture();
    await t.ctx.db.updateTable('groups').set({ is_stopped: 1 }).where('id', '=', fx.g).execute();
    const res = await t.inject({ method: 'GET', url: `${API}/members/me/groups/${fx.g}`, token: who.member.token });
    expect(res.statusCode).toBe(404);
    expect(res.json().status_code).toBe('GROUP_IS_STOPPED');
  });
});
