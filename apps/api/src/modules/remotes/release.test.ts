import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES } from '@portal/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { portalVersion } from './release';

const URL = '/service/api/v1/company/release';
const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

describe.each(DIALECTS)('company release (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('anonymous 401, a member 403', async () => {
    expect((await t.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    const member = await t.createUser();
    const res = await t.inject({ method: 'GET', url: URL, token: await t.login(member) });
    expect(res.statusCode).toBe(403);
    expect(res.json().status_code).toBe('UNAUTHORIZED_ACTION');
  });

  it("answers a company administrator the portal's version and each remote's published build", async () => {
    const admin = await t.createUser({ isCompanyAdmin: true });
    await t.ctx.db
      .insertInto('remote_current')
      .values({ name: 'chat', version: '1.0.0-0123abcd', pinned: 0, updated_at: t.clock() })
      .onConflict((oc) => oc.column('name').doUpdateSet({ version: '1.0.0-0123abcd' }))
      .execute();
    await t.ctx.db.deleteFrom('remote_current').where('name', '=', 'calendar').execute();
    const res = await t.inject({ method: 'GET', url: URL, token: await t.login(admin) });
    expect(res.statusCode).toBe(200);
    const { version, remotes } = res.json().items as { version: string; remotes: { name: string; version: string | null }[] };
    expect(version).toBe(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).version);
    expect(version).toMatch(SEMVER);
    expect(remotes.map((r) => r.name)).toEqual([...REMOTE_NAMES]);
    expect(remotes.find((r) => r.name === 'chat')!.version).toBe('1.0.0-0123abcd');
    expect(remotes.find((r) => r.name === 'calendar')!.version).toBeNull();
  });
});

describe('versions and licence of every package', () => {
  const dirs = ['.', ...['apps', 'packages'].flatMap((d) => fs.readdirSync(path.join(REPO_ROOT, d)).map((n) => `${d}/${n}`)), 'e2e'];
  const pkgs = dirs
    .filter((d) => fs.existsSync(path.join(REPO_ROOT, d, 'package.json')))
    .map((d) => ({ d, pkg: JSON.parse(fs.readFileSync(path.join(REPO_ROOT, d, 'package.json'), 'utf8')) }));

  it('each has a semantic version and the Apache-2.0 licence, and the LICENSE file is there', () => {
    expect(pkgs.length).toBeGreaterThanOrEqual(14);
    for (const { d, pkg } of pkgs) {
      expect(pkg.version, d).toMatch(SEMVER);
      expect(pkg.license, d).toBe('Apache-2.0');
    }
    expect(fs.readFileSync(path.join(REPO_ROOT, 'LICENSE'), 'utf8')).toContain('Apache License');
    expect(portalVersion()).toBe(pkgs.find((p) => p.d === '.')!.pkg.version);
    expect(portalVersion('/nonexistent')).toBe('unknown');
  });
});
