import type { AuditRow, CsvEncoding } from '@portal/api-client';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../kernel';
import { HttpError } from '../../http/errors';
import { allAudit, type AuditFilter } from './audit';
import { csvLine, encodeCsv, fitsCp932 } from './csv';
import { CSV_COLUMNS } from './import-plan';

/** Excel on Windows opens CSV with CRLF line ends best; the import reads either. */
const EOL = '\r\n';

export async function employeesCsv(ctx: AppContext, companyId: number, status: 'active' | 'all'): Promise<string> {
  let q = ctx.db
    .selectFrom('users')
    .select(['id', 'employee_number', 'last_name', 'first_name', 'last_name_kana', 'first_name_kana', 'email', 'department'])
    .where('company_id', '=', companyId)
    .where('pending_approval', '=', 0);
  if (status === 'active') q = q.where('status', '=', 'active');
  const users = await q.orderBy('employee_number').execute();
  const memberships = await ctx.db
    .selectFrom('group_members as m')
    .innerJoin('groups as g', 'g.id', 'm.group_id')
    .select(['m.user_id', 'g.name'])
    .where('g.company_id', '=', companyId)
    .orderBy('g.name')
    .execute();
  const groupsOf = new Map<number, string[]>();
  for (const m of memberships) groupsOf.set(m.user_id, [...(groupsOf.get(m.user_id) ?? []), m.name]);
  const lines = [csvLine(CSV_COLUMNS.map(([, ja]) => ja))];
  for (const u of users) {
    lines.push(
      csvLine([
        u.employee_number,
        u.last_name,
        u.first_name,
        u.last_name_kana,
        u.first_name_kana,
        u.email,
        u.department,
        (groupsOf.get(u.id) ?? []).join('|'),
      ]),
    );
  }
  return lines.join(EOL) + EOL;
}

export function auditCsvText(rows: AuditRow[], tz = 'Asia/Tokyo'): string {
  const fmt = new Intl.DateTimeFormat('sv-SE', { timeZone: tz, dateStyle: 'short', timeStyle: 'medium' });
  const lines = [csvLine(['日時', '操作', '実行者', '対象種別', '対象', '内容', 'IP'])];
  for (const r of rows)
    lines.push(csvLine([fmt.format(new Date(r.created_at)), r.action, r.actor_name, r.target_type, r.target_label, r.detail, r.ip]));
  return lines.join(EOL) + EOL;
}

export async function auditCsv(ctx: AppContext, companyId: number, f: AuditFilter): Promise<string> {
  const rows: AuditRow[] = [];
  for await (const r of allAudit(ctx, companyId, f)) rows.push(r);
  return auditCsvText(rows);
}

export function sendCsv(reply: FastifyReply, text: string, encoding: CsvEncoding, name: string): FastifyReply {
  if (encoding === 'sjis' && !fitsCp932(text))
    throw new HttpError(400, 'NOT_ALL_ENCODABLE', 'Some characters cannot be written in Shift_JIS.');
  const charset = encoding === 'sjis' ? 'Shift_JIS' : 'UTF-8';
  return reply
    .header('Content-Type', `text/csv; charset=${charset}`)
    .header('Content-Disposition', `attachment; filename="${name}"`)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-cache')
    .send(encodeCsv(text, encoding));
}
