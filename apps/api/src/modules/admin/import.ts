import type { ImportSummary } from '@portal/api-client';
import type { Kysely } from 'kysely';
import type { AppContext, AuthUser } from '../../kernel';
import type { DB } from '../../db';
import { writeTransaction } from '../../db/write';
import { HttpError } from '../../http/errors';
import type { MailMessage } from '../../mail';
import { decodeCsv } from './csv';
import { insertEmployee } from './employees';
import { parseEmployeeCsv, planImport, type PlannedRow } from './import-plan';
import { preparePasswordSetMail } from './password-mail';
import { writeAudit } from '../../kernel';
import { insertUsers } from '../users';

/**
 * Rows written so far by the apply running in this process, by import id (the progress bar).
 * The count cannot go to the admin_imports row: the apply's transaction holds SQLite's one
 * connection (and its write lock) until it commits. Another process answers a poll from the
 * row's status (applying, then applied with its counts, or failed) with progress 0 meanwhile.
 */
const progress = new Map<number, number>();

/** An 'applying' row untouched this long was left by a process that died: it may be applied again. */
const STALE_APPLY_MS = 15 * 60_000;
/** Stored rows of an import are dropped once it is applied, or after this long. */
export const IMPORT_ROWS_KEEP_MS = 7 * 86_400_000;

/** A test seam: called before each row is written, so a test can fail the import at row N. */
export const importHooks: { beforeRow?: (line: number) => void } = {};

type Stored = {
  id: number;
  company_id: number;
  file_name: string;
  encoding: string;
  status: string;
  rows_json: string;
  total: number;
  created: number;
  changed: number;
  unchanged: number;
  refused: number;
  error: string | null;
  created_at: number;
};

function summary(r: Stored): ImportSummary {
  return {
    id: r.id,
    file_name: r.file_name,
    encoding: r.encoding as ImportSummary['encoding'],
    status: r.status as ImportSummary['status'],
    total: r.total,
    created: r.created,
    changed: r.changed,
    unchanged: r.unchanged,
    refused: r.refused,
    progress: r.status === 'applied' ? r.created + r.changed : (progress.get(r.id) ?? 0),
    error: r.error,
    created_at: Number(r.created_at),
  };
}

const counts = (rows: PlannedRow[]) => ({
  total: rows.length,
  created: rows.filter((r) => r.state === 'create').length,
  changed: rows.filter((r) => r.state === 'change').length,
  unchanged: rows.filter((r) => r.state === 'unchanged').length,
  refused: rows.filter((r) => r.state === 'refused').length,
});

/** Import rows travel without the working fields (user ids, raw data) the apply needs. */
const publicRow = ({ line, employee_number, name, state, errors, changes }: PlannedRow) => ({
  line,
  employee_number,
  name,
  state,
  errors,
  changes,
});

export async function previewImport(ctx: AppContext, actor: AuthUser, fileName: string, base64: string): Promise<number> {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw new HttpError(400, 'VALIDATION_ERROR', 'The file is empty.', { file_base64: ['validation.required'] });
  const { text, encoding } = decodeCsv(bytes);
  const parsed = parseEmployeeCsv(text);
  if (parsed.error)
    throw new HttpError(400, 'VALIDATION_ERROR', 'The file is not an employee CSV.', { file_base64: [`validation.csv_${parsed.error}`] });
  if (parsed.records.length > 20_000)
    throw new HttpError(400, 'VALIDATION_ERROR', 'Too many rows.', { file_base64: ['validation.csv_too_many_rows'] });
  const rows = await planImport(ctx.db, actor.companyId, parsed.records);
  const now = ctx.now();
  const row = await ctx.db
    .insertInto('admin_imports')
    .values({
      company_id: actor.companyId,
      created_by: actor.id,
      file_name: fileName.slice(0, 255),
      encoding,
      status: 'previewed',
      // The parsed records, not the plan: apply plans again against the database of its moment.
      rows_json: JSON.stringify({ records: parsed.records, plan: rows.map(publicRow) }),
      ...counts(rows),
      error: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function requireImport(db: Kysely<DB>, companyId: number, id: number): Promise<Stored> {
  const row = await db.selectFrom('admin_imports').selectAll().where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
  if (!row) throw new HttpError(404, 'IMPORT_NOT_FOUND', 'The import does not exist.');
  return row as Stored;
}

export async function showImport(
  ctx: AppContext,
  companyId: number,
  id: number,
  q: { filter: 'all' | 'refused' | 'create' | 'change'; page: number; limit: number },
) {
  const row = await requireImport(ctx.db, companyId, id);
  // Swept rows (see sweepImports) leave the counts only.
  const plan = row.rows_json ? (JSON.parse(row.rows_json) as { plan: ReturnType<typeof publicRow>[] }).plan : [];
  const rows = q.filter === 'all' ? plan : plan.filter((r) => r.state === q.filter);
  const start = (q.page - 1) * q.limit;
  return {
    ...summary(row),
    rows: {
      data: rows.slice(start, start + q.limit),
      current_page: q.page,
      last_page: Math.max(1, Math.ceil(rows.length / q.limit)),
      total: rows.length,
    },
  };
}

const CHUNK = 500;

/**
 * Applies an import in one transaction: all rows or none. The plan is made again inside the
 * transaction; if any row is refused now (someone took an e-mail address since the preview) the
 * whole apply is refused. A failed or interrupted apply leaves the database as it was and the
 * import may be applied again; applying an applied file again finds every row unchanged.
 */
export async function applyImport(ctx: AppContext, actor: AuthUser, id: number, sendMail: boolean, ip: string): Promise<ImportSummary> {
  const stored = await requireImport(ctx.db, actor.companyId, id);
  if (progress.has(id)) throw new HttpError(409, 'IMPORT_RUNNING', 'This import is being applied.');
  if (stored.status === 'applied') return summary(stored);
  if (!stored.rows_json) throw new HttpError(409, 'IMPORT_EXPIRED', 'The import is too old; upload the file again.');
  // The claim is one conditional update, so two API processes cannot both start the apply.
  const claimed = await ctx.db
    .updateTable('admin_imports')
    .set({ status: 'applying', error: null, updated_at: ctx.now() })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('status', '!=', 'applying'), eb('updated_at', '<', ctx.now() - STALE_APPLY_MS)]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) throw new HttpError(409, 'IMPORT_RUNNING', 'This import is being applied.');
  progress.set(id, 0);
  const records = (JSON.parse(stored.rows_json) as { records: Parameters<typeof planImport>[2] }).records;
  const mails: MailMessage[] = [];
  try {
    const rows = await writeTransaction(ctx, async (trx) => {
      const plan = await planImport(trx, actor.companyId, records);
      const refused = plan.filter((r) => r.state === 'refused');
      if (refused.length > 0) {
        throw new HttpError(400, 'IMPORT_HAS_ERRORS', 'Some rows are refused.', undefined, { rows: refused.slice(0, 100).map(publicRow) });
      }
      let done = 0;
      const now = ctx.now();
      const creates = plan.filter((r) => r.state === 'create');
      for (let i = 0; i < creates.length; i += CHUNK) {
        const chunk = creates.slice(i, i + CHUNK);
        for (const r of chunk) importHooks.beforeRow?.(r.line);
        const ids = await insertMany(ctx, trx, actor.companyId, chunk);
        const members = chunk.flatMap((r, k) => r.addGroups.map((g) => ({ group_id: g, user_id: ids[k]!, joined_at: now })));
        for (let j = 0; j < members.length; j += CHUNK)
          await trx
            .insertInto('group_members')
            .values(members.slice(j, j + CHUNK))
            .execute();
        if (sendMail) for (const uid of ids) mails.push(await preparePasswordSetMail(ctx, trx, uid));
        done += chunk.length;
        progress.set(id, done);
      }
      for (const r of plan.filter((p) => p.state === 'change')) {
        importHooks.beforeRow?.(r.line);
        const { groups: _g, employee_number: _n, ...fields } = r.data;
        await trx
          .updateTable('users')
          .set({ ...fields, updated_at: now })
          .where('id', '=', r.userId!)
          .execute();
        if (r.addGroups.length > 0)
          await trx
            .insertInto('group_members')
            .values(r.addGroups.map((g) => ({ group_id: g, user_id: r.userId!, joined_at: now })))
            .execute();
        progress.set(id, ++done);
      }
      const c = counts(plan);
      await trx
        .updateTable('admin_imports')
        .set({ status: 'applied', ...c, rows_json: JSON.stringify({ records, plan: plan.map(publicRow) }), updated_at: ctx.now() })
        .where('id', '=', id)
        .execute();
      await writeAudit(ctx, trx, {
        companyId: actor.companyId,
        actorId: actor.id,
        action: 'employee.imported',
        targetType: 'import',
        targetId: id,
        targetLabel: stored.file_name,
        detail: `created ${c.created}, changed ${c.changed}, unchanged ${c.unchanged}`,
        ip,
      });
      return plan;
    });
    void rows;
  } catch (err) {
    const message = err instanceof HttpError ? err.code : 'INTERNAL_ERROR';
    await ctx.db
      .updateTable('admin_imports')
      .set({ status: 'failed', error: message, updated_at: ctx.now() })
      .where('id', '=', id)
      .execute();
    throw err;
  } finally {
    progress.delete(id);
  }
  for (const m of mails) await ctx.mailer.send(m).catch(() => undefined);
  return summary(await requireImport(ctx.db, actor.companyId, id));
}

async function insertMany(ctx: AppContext, trx: Kysely<DB>, companyId: number, rows: PlannedRow[]): Promise<number[]> {
  if (rows.length === 1) return [await insertEmployee(ctx, trx, companyId, fieldsOf(rows[0]!))];
  const byNumber = await insertUsers(
    trx,
    rows.map((r) => ({ company_id: companyId, ...fieldsOf(r), password_hash: '!unset' })),
    ctx.now(),
  );
  return rows.map((r) => byNumber.get(r.data.employee_number)!);
}

const fieldsOf = (r: PlannedRow) => ({
  employee_number: r.data.employee_number,
  email: r.data.email,
  last_name: r.data.last_name,
  first_name: r.data.first_name,
  last_name_kana: r.data.last_name_kana,
  first_name_kana: r.data.first_name_kana,
  department: r.data.department,
});

/**
 * Drops the stored rows (names, e-mail addresses) of imports that are applied or older than
 * IMPORT_ROWS_KEEP_MS; the row with its counts stays. An apply under way keeps its rows.
 */
export async function sweepImports(ctx: AppContext): Promise<number> {
  const res = await ctx.db
    .updateTable('admin_imports')
    .set({ rows_json: '' })
    .where('rows_json', '!=', '')
    .where('status', '!=', 'applying')
    .where((eb) => eb.or([eb('status', '=', 'applied'), eb('created_at', '<', ctx.now() - IMPORT_ROWS_KEEP_MS)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows ?? 0);
}
