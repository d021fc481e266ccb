import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config';
import { createDb, migrateToLatest } from '../db';
import { hashPassword } from '../modules/auth/password';
import { createPgDatabase, TEST_PASSWORD, type TestDialect } from './harness';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const API = '/service/api/v1';

/** A data folder (and PostgreSQL database) with one company, one group and its administrator. */
export interface ChildSite {
  dialect: TestDialect;
  dataDir: string;
  databaseUrl: string | undefined;
  employeeNumber: string;
  groupId: number;
  companyId: number;
  drop(): Promise<void>;
}

/** `pgAdminUrl`: another PostgreSQL server than the shared one (a private cluster of the test). */
export async function prepareSite(dialect: TestDialect, opts: { pgAdminUrl?: string } = {}): Promise<ChildSite> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-child-'));
  const pgDb = dialect === 'postgres' ? await createPgDatabase(opts.pgAdminUrl, { migrated: true }) : null;
  const config = loadConfig({}, { dataDir, databaseUrl: pgDb?.url });
  const { db, destroy } = createDb(config);
  try {
    await migrateToLatest(db);
    const now = Date.now();
    const company = await db
      .insertInto('companies')
      .values({ name: '障害試験株式会社', name_kana: '', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await db
      .insertInto('users')
      .values({
        company_id: company.id,
        employee_number: 'F0001',
        email: 'f0001@fault.example',
        password_hash: await hashPassword(TEST_PASSWORD),
        last_name: '試験',
        first_name: '太郎',
        last_name_kana: 'しけん',
        first_name_kana: 'たろう',
        is_company_admin: 1,
        must_reset_password: 0,
        status: 'active',
        locked_at: null,
        last_login_at: null,
        avatar_path: null,
        avatar_small_path: null,
        avatar_file_name: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const group = await db
      .insertInto('groups')
      .values({
        company_id: company.id,
        name: '障害試験',
        group_link: 'fault',
        icon_image_path: null,
        icon_image_small_path: null,
        header_image: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('group_members').values({ group_id: group.id, user_id: user.id, joined_at: now, role_admin: 1 }).execute();
    return {
      dialect,
      dataDir,
      databaseUrl: pgDb?.url,
      employeeNumber: 'F0001',
      groupId: group.id,
      companyId: company.id,
      async drop() {
        await pgDb?.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } finally {
    await destroy();
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface ChildServer {
  proc: ChildProcess;
  base: string;
  port: number;
  /** From spawn to the first healthy answer. */
  startMs: number;
  exited: Promise<number | null>;
  output(): string;
}

/** `npm start`'s server process (src/server.ts) on the site, answering once /health is ok. */
export async function startServer(site: ChildSite, env: Record<string, string> = {}): Promise<ChildServer> {
  const port = await freePort();
  const started = Date.now();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: site.dataDir,
      DATABASE_URL: site.databaseUrl ?? '',
      SEED_ON_EMPTY: '0',
      // A test machine shared with others stalls often: tests never shed on the loop's delay.
      EVENT_LOOP_SHED_MS: '0',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000',
      RATE_LIMIT_LOGIN: '1000000',
      RATE_LIMIT_ANON: '1000000',
      REDIS_URL: '',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited at start-up: ${out}`);
    const ok = await fetch(`${base}${API}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`server did not start: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { proc, base, port, startMs: Date.now() - started, exited, output: () => out };
}

export async function loginChild(server: ChildServer, site: ChildSite): Promise<string> {
  const res = await fetch(`${server.base}${API}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ employee_number: site.employeeNumber, password: TEST_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { items: { access_token: string } }).items.access_token;
}
