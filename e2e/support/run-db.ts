import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DATA_DIR } from './env';

const GB = 1024 ** 3;

/**
 * Direct access to the run's own database (the SQLite file the e2e portal writes in DATA_DIR),
 * for what the product has no screen for. The spec gives groups and the company a storage
 * capacity but no page to set it (it is the operator's decision), so a test that needs a small
 * quota sets the column here, as an operator would in the database, and puts it back after.
 *
 * Capacities are stored in GB and the API multiplies by 2^30 when it checks, so a small quota is a
 * fraction of a GB: SQLite keeps such a value in the integer-declared column as a REAL (its type
 * affinity), and bytes / 2^30 × 2^30 is exact in floating point, so the limit is the bytes given.
 */
export class RunDatabase {
  private readonly db: Database.Database;

  constructor(file = path.join(DATA_DIR, 'portal.sqlite')) {
    this.db = new Database(file, { fileMustExist: true });
    // The portal holds its own connection to the same file; wait for its write lock, never fail.
    this.db.pragma('busy_timeout = 5000');
  }

  group(name: string): { id: number; companyId: number; capacityGb: number; usedBytes: number } {
    const row = this.db.prepare('select id, company_id, storage_capacity_gb, storage_used_bytes from groups where name = ?').get(name) as
      | { id: number; company_id: number; storage_capacity_gb: number; storage_used_bytes: number }
      | undefined;
    if (!row) throw new Error(`no group named ${name}`);
    return { id: row.id, companyId: row.company_id, capacityGb: row.storage_capacity_gb, usedBytes: Number(row.storage_used_bytes) };
  }

  company(id: number): { capacityGb: number; usedBytes: number } {
    const row = this.db.prepare('select storage_capacity_gb, storage_used_bytes from companies where id = ?').get(id) as
      | { storage_capacity_gb: number; storage_used_bytes: number }
      | undefined;
    if (!row) throw new Error(`no company ${id}`);
    return { capacityGb: row.storage_capacity_gb, usedBytes: Number(row.storage_used_bytes) };
  }

  /** Sets a group's capacity to exactly `bytes`; returns a function that puts the old one back. */
  setGroupCapacity(groupId: number, bytes: number): () => void {
    return this.setCapacity('groups', groupId, bytes);
  }

  setCompanyCapacity(companyId: number, bytes: number): () => void {
    return this.setCapacity('companies', companyId, bytes);
  }

  /** The file rows of a group (any state), for "nothing of it was stored". */
  groupFileNames(groupId: number): string[] {
    const rows = this.db.prepare('select original_name from files where group_id = ? order by id').all(groupId) as {
      original_name: string;
    }[];
    return rows.map((r) => r.original_name);
  }

  /**
   * As if `failures` wrong passwords had been counted over the past hours: the login throttle
   * makes an owner wait minutes between later attempts, which a test cannot sit through.
   */
  primeLoginFailures(employeeNumber: string, failures: number): void {
    this.db.prepare('update users set failed_login_count = ? where employee_number = ?').run(failures, employeeNumber);
    // Every throttle key of the login id ends with it: the account's own and each address's.
    this.db.prepare("delete from login_throttles where key like '%:' || ?").run(employeeNumber.toLowerCase());
  }

  /**
   * Whether the digest sweep has seen the user (its first sweep records a baseline period and
   * mails nothing): a test that wants a digest must change the period only after that.
   */
  digestBaselineRecorded(employeeNumber: string): boolean {
    const row = this.db
      .prepare(
        "select 1 as one from notification_sends s join users u on s.dedupe_key like u.id || ':%' where s.channel = 'digest' and u.employee_number = ? limit 1",
      )
      .get(employeeNumber);
    return row !== undefined;
  }

  close(): void {
    this.db.close();
  }

  private setCapacity(table: 'groups' | 'companies', id: number, bytes: number): () => void {
    const before = this.db.prepare(`select storage_capacity_gb as gb from ${table} where id = ?`).get(id) as { gb: number };
    this.db.prepare(`update ${table} set storage_capacity_gb = ? where id = ?`).run(bytes / GB, id);
    return () => void this.db.prepare(`update ${table} set storage_capacity_gb = ? where id = ?`).run(before.gb, id);
  }
}

/**
 * Every stored file of a group (originals and thumbnails) and whatever sits in the upload staging
 * area, relative to the portal's file root: the bytes side of "nothing of it was stored".
 */
export function storedFiles(groupId: number): { group: string[]; staging: string[] } {
  const root = path.join(DATA_DIR, 'files');
  const list = (dir: string) =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
          .sort()
      : [];
  return { group: list(path.join(root, 'groups', String(groupId))), staging: list(path.join(root, '.staging')) };
}
