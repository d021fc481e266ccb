import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { AppContext } from '../kernel/context';
import { hashPassword } from '../modules/auth/password';
import { PG_TEMPLATE_ENV, SQLITE_TEMPLATE_ENV } from './db-templates';
import { databaseUrlOf, PG_ADMIN_URL, pgAdmin } from './pg-admin';

export const DIALECTS = ['sqlite', 'postgres'] as const;
export type TestDialect = (typeof DIALECTS)[number];

export const TEST_PASSWORD = 'Test#Pass2026';

/** A clock tests can move forward to simulate expiry and idle time. */
export interface TestClock {
  (): number;
  advance(ms: number): void;
  set(ms: number): void;
}

export function testClock(start = Date.UTC(2026, 10, 2, 0, 0, 0)): TestClock {
  let t = start;
  const clock = (() => t) as TestClock;
  clock.advance = (ms) => {
    t += ms;
  };
  clock.set = (ms) => {
    t = ms;
  };
  return clock;
}

export interface TestUser {
  id: number;
  companyId: number;
  employee_number: string;
  email: string;
  password: string;
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  clock: TestClock;
  inject(opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  createCompany(name?: string): Promise<number>;
  createUser(
    opts?: Partial<{
      companyId: number;
      password: string;
      isCompanyAdmin: boolean;
      mustReset: boolean;
      status: 'active' | 'left';
      lastName: string;
      firstName: string;
    }>,
  ): Promise<TestUser>;
  createGroup(companyId: number, name?: string): Promise<number>;
  addMember(
    groupId: number,
    userId: number,
    roles?: Partial<Record<'role_admin' | 'role_invite' | 'role_edit_shared_folder' | 'role_edit_topic' | 'can_notify', 0 | 1>>,
  ): Promise<void>;
  /** Logs in by employee number and returns the access token. */
  login(user: TestUser): Promise<string>;
  close(): Promise<void>;
}

/**
 * A fresh PostgreSQL database. `migrated`: a copy of the API suite's migrated template
 * (test/db-templates.ts) when there is one on this server, else empty like the default.
 */
export async function createPgDatabase(
  adminUrl = PG_ADMIN_URL,
  opts: { migrated?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `portal_t_${randomBytes(6).toString('hex')}`;
  const template = opts.migrated && adminUrl === PG_ADMIN_URL ? process.env[PG_TEMPLATE_ENV] : undefined;
  await pgAdmin(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`, adminUrl);
  return { url: databaseUrlOf(name, adminUrl), drop: () => pgAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, adminUrl) };
}

/**
 * TEST_STORAGE=s3 runs a suite's apps on the S3 backend: one s3rver per test worker, each app
 * under its own prefix. Default: the local folder.
 */
let s3ForWorker: Promise<{ bucket: string; env: Record<string, string> }> | null = null;
async function testStorageUrl(): Promise<string | undefined> {
  if (process.env.TEST_STORAGE !== 's3') return undefined;
  s3ForWorker ??= import('./s3rver.test-util').then(async ({ startS3rver }) => {
    const s3 = await startS3rver();
    Object.assign(process.env, s3.env);
    return s3;
  });
  const s3 = await s3ForWorker;
  return `s3://${s3.bucket}/t${randomBytes(6).toString('hex')}`;
}

/** The migrated SQLite file of the API suite (test/db-templates.ts) as this app's database. */
function copySqliteTemplate(dialect: TestDialect, dataDir: string): void {
  const template = process.env[SQLITE_TEMPLATE_ENV];
  if (dialect === 'sqlite' && template) fs.copyFileSync(template, path.join(dataDir, 'portal.sqlite'));
}

let seq = 0;
const unique = () => `${process.pid}${++seq}${randomBytes(2).toString('hex')}`;

/** A fresh app on a fresh database of the given dialect, with a silent logger and a test clock. */
export async function createTestApp(
  dialect: TestDialect,
  overrides: Partial<Config> = {},
  /** Extra routes or decorations a test needs, added before the app is sealed. */
  beforeReady?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-api-test-'));
  const pgDb = dialect === 'postgres' ? await createPgDatabase(PG_ADMIN_URL, { migrated: true }) : null;
  copySqliteTemplate(dialect, dataDir);
  const clock = testClock();
  const config = loadConfig(
    {},
    {
      dataDir,
      databaseUrl: pgDb?.url,
      logLevel: 'silent',
      firstRun: 'nothing',
      publicUrl: 'http://portal.test',
      now: clock,
      storageUrl: await testStorageUrl(),
      // Tests log in far more often than a person; the rate-limit test sets its own low limits.
      rateLimitMax: 100_000,
      rateLimitLogin: 100_000,
      rateLimitAnon: 100_000,
      // Suites change rights and statuses in the database directly and expect the next request to
      // see it; the session cache has its own tests (modules/auth/session-cache.test.ts).
      sessionCacheMs: 0,
      groupAccessCacheMs: 0,
      // Most suites log a user in before adding them to a group; the refusal of group-less
      // employees has its own suite (modules/auth/no-group.test.ts), which turns it on.
      refuseWithoutGroup: false,
      // A test machine shared with others stalls often: suites never shed on the loop's delay.
      eventLoopShedMs: 0,
      // Suites fire a hundred requests at once to prove what concurrency cannot break; the bound
      // on work in flight has its own suite (http/admission.test.ts).
      requestsInFlightMax: 0,
      ...overrides,
    },
  );
  const app = await buildApp(config);
  beforeReady?.(app);
  await app.ready();
  const ctx = app.ctx;
  const passwordHashes = new Map<string, Promise<string>>();
  const hashFor = (pw: string) => {
    if (!passwordHashes.has(pw)) passwordHashes.set(pw, hashPassword(pw));
    return passwordHashes.get(pw)!;
  };

  const t: TestApp = {
    app,
    ctx,
    config,
    clock,
    inject({ token, headers, ...opts }) {
      return app.inject({ ...opts, headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    },
    async createCompany(name = `テスト株式会社${unique()}`) {
      const now = clock();
      const row = await ctx.db
        .insertInto('companies')
        .values({ name, name_kana: '', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async createUser(o = {}) {
      const companyId = o.companyId ?? (await t.createCompany());
      const password = o.password ?? TEST_PASSWORD;
      const n = unique();
      const now = clock();
      const row = await ctx.db
        .insertInto('users')
        .values({
          company_id: companyId,
          employee_number: `T${n}`,
          email: `user${n}@test.example`,
          password_hash: await hashFor(password),
          last_name: o.lastName ?? '山田',
          first_name: o.firstName ?? '太郎',
          last_name_kana: 'やまだ',
          first_name_kana: 'たろう',
          is_company_admin: o.isCompanyAdmin ? 1 : 0,
          must_reset_password: o.mustReset ? 1 : 0,
          status: o.status ?? 'active',
          locked_at: null,
          last_login_at: null,
          avatar_path: null,
          avatar_small_path: null,
          avatar_file_name: null,
          created_at: now,
          updated_at: now,
        })
        .returning(['id', 'employee_number', 'email'])
        .executeTakeFirstOrThrow();
      return { id: row.id, companyId, employee_number: row.employee_number, email: row.email, password };
    },
    async createGroup(companyId, name = `グループ${unique()}`) {
      const now = clock();
      const row = await ctx.db
        .insertInto('groups')
        .values({
          company_id: companyId,
          name,
          group_link: `g${unique()}`,
          icon_image_path: null,
          icon_image_small_path: null,
          header_image: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async addMember(groupId, userId, roles = {}) {
      await ctx.db
        .insertInto('group_members')
        .values({ group_id: groupId, user_id: userId, joined_at: clock(), ...roles })
        .execute();
    },
    async login(user) {
      const res = await app.inject({
        method: 'POST',
        url: '/service/api/v1/auth/login',
        payload: { employee_number: user.employee_number, password: user.password },
      });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return (res.json() as { items: { access_token: string } }).items.access_token;
    },
    async close() {
      await app.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}
