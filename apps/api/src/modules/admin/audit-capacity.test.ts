import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { sweepAudit } from './audit';
import { auditDeployment } from './deploy-audit';
import { adminWorld, API, type AdminWorld } from './fixtures.test-util';

const GB = 1024 ** 3;

describe.each(DIALECTS)('admin: capacities and audit trail (%s)', (dialect) => {
  let t: TestApp;
  let w: AdminWorld;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await adminWorld(t);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.inject({ method, url: `${API}${url}`, token: w.adminToken, ...(method === 'GET' ? {} : { payload: payload ?? {} }) });

  it('shows company and group capacity with use, the 80 % and full states and the attachment limit', async () => {
    await t.ctx.db
      .updateTable('companies')
      .set({ storage_capacity_gb: 10, storage_used_bytes: 8 * GB })
      .where('id', '=', w.admin.companyId)
      .execute();
    await t.ctx.db.updateTable('groups').set({ storage_capacity_gb: 1, storage_used_bytes: GB }).where('id', '=', w.group).execute();
    const items = (await call('GET', '/company/capacity')).json().items;
    expect(items.company).toMatchObject({ capacity_gb: 10, used_bytes: 8 * GB, percent: 80, warning: true, full: false });
    expect(items.groups).toEqual([
      expect.objectContaining({ id: w.group, capacity_gb: 1, percent: 100, warning: true, full: true, max_img_size_per_attachment: 25 }),
    ]);
    expect(items.audit_retention_days).toBe(365);
    // Another company's groups are not listed.
    expect(items.groups.map((g: { id: number }) => g.id)).not.toContain(w.strangerGroup);
  });

  it('changes capacities and the attachment limit, each change in the trail', async () => {
    const company = (await call('PUT', '/company/capacity', { capacity_gb: 40, audit_retention_days: 90 })).json().items;
    expect(company.company).toMatchObject({ capacity_gb: 40, percent: 20, warning: false });
    expect(company.audit_retention_days).toBe(90);
    const group = (await call('PUT', `/company/groups/${w.group}/capacity`, { capacity_gb: 5, max_img_size_per_attachment: 50 })).json()
      .items;
    expect(group.groups[0]).toMatchObject({ capacity_gb: 5, max_img_size_per_attachment: 50, full: false });
    const trail = (await call('GET', '/company/audit-events?action=capacity.changed')).json().items.data;
    expect(trail.map((e: { target_type: string; detail: string }) => [e.target_type, e.detail])).toEqual([
      ['group', 'capacity_gb: 1 → 5, max_img_size_per_attachment: 25 → 50'],
      ['company', 'capacity_gb: 10 → 40, audit_retention_days: 365 → 90'],
    ]);
    // An upload to the group is now held to the new limit (the files module reads the same columns).
    const g = await t.ctx.db
      .selectFrom('groups')
      .select(['max_img_size_per_attachment'])
      .where('id', '=', w.group)
      .executeTakeFirstOrThrow();
    expect(g.max_img_size_per_attachment).toBe(50);
  });

  it('filters the trail by who, what and when; another company sees none of it; exports CSV', async () => {
    const created = await call('POST', '/company/users', {
      employee_number: 'AU1',
      email: 'au1@corp.example',
      last_name: '監査',
      first_name: '太郎',
      last_name_kana: 'かんさ',
      first_name_kana: 'たろう',
      send_password_mail: false,
    });
    const id = created.json().items.id;
    const at = t.clock();
    t.clock.advance(3_600_000);
    w.adminToken = await t.login(w.admin);
    const list = async (qs: string) => (await call('GET', `/company/audit-events?${qs}`)).json().items;
    expect((await list('action=employee.created')).data).toEqual([
      expect.objectContaining({ target_id: id, target_label: '監査 太郎 (AU1)', actor_id: w.admin.id }),
    ]);
    expect((await list('actor=%E7%9B%A3%E6%9F%BB')).data.map((e: { action: string }) => e.action)).toEqual(['employee.created']);
    expect((await list(`actor=${w.admin.employee_number.toLowerCase()}&action=auth.login`)).total).toBeGreaterThanOrEqual(2);
    expect((await list(`to=${at - 1}&action=employee.created`)).total).toBe(0);
    expect((await list(`from=${at}&to=${at}&action=employee.created`)).total).toBe(1);
    const strangerAdmin = await t.createUser({ companyId: w.stranger.companyId, isCompanyAdmin: true });
    const theirs = await t.inject({
      method: 'GET',
      url: `${API}/company/audit-events?action=employee.created`,
      token: await t.login(strangerAdmin),
    });
    expect(theirs.json().items.total).toBe(0);
    const csv = await call('GET', '/company/audit-events/export?action=employee.created');
    expect(csv.headers['content-type']).toContain('text/csv');
    const text = csv.rawPayload.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toBe('日時,操作,実行者,対象種別,対象,内容,IP');
    expect(text).toContain('employee.created');
    expect(text).toContain('監査 太郎 (AU1)');
  });

  it('no endpoint changes or removes an entry; only the retention sweep does, per company', async () => {
    const methods = t.app.routeRegistry.filter((r) => r.url.includes('audit-events')).map((r) => r.method);
    expect(methods.every((m) => m === 'GET')).toBe(true);
    const before = (await call('GET', '/company/audit-events')).json().items.total;
    expect(before).toBeGreaterThan(0);
    const strangerBefore = Number(
      (
        await t.ctx.db
          .selectFrom('audit_events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('company_id', '=', w.stranger.companyId)
          .executeTakeFirstOrThrow()
      ).n,
    );
    // Retention is 90 days here (set above); the other company keeps the default year.
    t.clock.advance(91 * 86_400_000);
    expect(await sweepAudit(t.ctx)).toBe(before);
    w.adminToken = await t.login(w.admin);
    const after = (await call('GET', '/company/audit-events')).json().items;
    expect(after.data.map((e: { action: string }) => e.action)).toEqual(['auth.login']);
    const strangerAfter = Number(
      (
        await t.ctx.db
          .selectFrom('audit_events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('company_id', '=', w.stranger.companyId)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(strangerAfter).toBe(strangerBefore);
  });

  it('creating a group is in the trail', async () => {
    const res = await t.inject({ method: 'POST', url: `${API}/groups`, token: w.adminToken, payload: { name: '監査対象グループ' } });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const trail = (await call('GET', '/company/audit-events?action=group.created')).json().items.data;
    expect(trail).toEqual([expect.objectContaining({ target_type: 'group', target_label: '監査対象グループ', actor_id: w.admin.id })]);
  });

  it('a remote publish or rollback from the CLI is in the trail of every company, without an actor', async () => {
    expect(await auditDeployment(t.ctx.db, t.clock(), 'remote.rolled_back', 'settings', 'v2 → v1')).toBeGreaterThanOrEqual(2);
    const trail = (await call('GET', '/company/audit-events?action=remote.rolled_back')).json().items.data;
    expect(trail).toEqual([
      expect.objectContaining({ actor_id: null, actor_name: 'CLI', target_type: 'remote', target_label: 'settings', detail: 'v2 → v1' }),
    ]);
    const theirs = await t.ctx.db
      .selectFrom('audit_events')
      .select('id')
      .where('company_id', '=', w.stranger.companyId)
      .where('action', '=', 'remote.rolled_back')
      .execute();
    expect(theirs).toHaveLength(1);
  });
});
