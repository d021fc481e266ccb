import type { Config } from '../config';
import { createDb } from '../db';
import { createStorage } from '../storage';
import { doctor, FINDINGS, problemCount, type Finding, type Report } from './doctor';

/** Staged files younger than this may belong to a running upload (config.uploadTimeoutMs + margin). */
export const stagingMaxAgeOf = (config: Pick<Config, 'uploadTimeoutMs'>) => config.uploadTimeoutMs + 5 * 60_000;

export function formatReport(r: Report, limit = 20): string {
  const lines: string[] = [];
  for (const [k, list] of Object.entries(r) as [Finding, string[]][]) {
    lines.push(`${list.length === 0 ? 'ok  ' : 'FAIL'} ${FINDINGS[k]}: ${list.length}`);
    for (const item of list.slice(0, limit)) lines.push(`       ${item}`);
    if (list.length > limit) lines.push(`       … and ${list.length - limit} more`);
  }
  return lines.join('\n');
}

/** The doctor on a site's database and files; returns what remains wrong. */
export async function runDoctor(config: Config, opts: { fix?: boolean; stagingMaxAgeMs?: number } = {}) {
  const database = createDb(config);
  try {
    const ctx = { db: database.db, dialect: database.dialect, storage: await createStorage(config), now: config.now };
    const result = await doctor(ctx, { fix: opts.fix ?? false, stagingMaxAgeMs: opts.stagingMaxAgeMs ?? stagingMaxAgeOf(config) });
    return { ...result, problems: problemCount(result.remaining) };
  } finally {
    await database.destroy();
  }
}
