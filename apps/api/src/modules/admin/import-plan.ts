import { emailSchema, type ImportRow, kanaSchema, requiredText, text } from '@portal/api-client';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db';
import { parseCsv } from './csv';

/** The columns of the employee CSV, in file order; the Japanese header is what export writes. */
export const CSV_COLUMNS = [
  ['employee_number', '社員番号'],
  ['last_name', '姓'],
  ['first_name', '名'],
  ['last_name_kana', '姓かな'],
  ['first_name_kana', '名かな'],
  ['email', 'メールアドレス'],
  ['department', '部署'],
  ['groups', 'グループ'],
] as const;
export type CsvField = (typeof CSV_COLUMNS)[number][0];
export type CsvRecord = Record<CsvField, string>;

const HEADER_ALIASES: Record<string, CsvField> = {
  社員番号: 'employee_number',
  従業員番号: 'employee_number',
  社員no: 'employee_number',
  employeenumber: 'employee_number',
  姓: 'last_name',
  氏: 'last_name',
  lastname: 'last_name',
  名: 'first_name',
  firstname: 'first_name',
  姓かな: 'last_name_kana',
  せい: 'last_name_kana',
  姓ふりがな: 'last_name_kana',
  lastnamekana: 'last_name_kana',
  名かな: 'first_name_kana',
  めい: 'first_name_kana',
  名ふりがな: 'first_name_kana',
  firstnamekana: 'first_name_kana',
  メールアドレス: 'email',
  メール: 'email',
  email: 'email',
  部署: 'department',
  所属: 'department',
  department: 'department',
  グループ: 'groups',
  所属グループ: 'groups',
  groups: 'groups',
};

/** Header cells compared loosely: width, case, spaces, brackets and underscores do not matter. */
const headerKey = (h: string) =>
  h
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_\-()（）「」[\]]/g, '');

/** Group names in one cell: | ; or 、 between them. */
export const splitGroups = (cell: string) => [
  ...new Set(
    cell
      .split(/[|;、]/)
      .map((g) => g.trim())
      .filter(Boolean),
  ),
];

/** A leading ' that our own export put before =, +, - or @ (formula guard) is taken off again. */
const unguard = (s: string) => (/^'[=+\-@]/.test(s) ? s.slice(1) : s);

export interface ParsedFile {
  records: { line: number; data: CsvRecord }[];
  /** A file-level problem (no header, missing columns): nothing can be previewed. */
  error: string | null;
}

export function parseEmployeeCsv(textContent: string): ParsedFile {
  const rows = parseCsv(textContent);
  if (rows.length === 0) return { records: [], error: 'empty' };
  const header = rows[0]!.map((h) => HEADER_ALIASES[headerKey(h)]);
  const required: CsvField[] = ['employee_number', 'last_name', 'first_name', 'email'];
  if (required.some((f) => !header.includes(f))) return { records: [], error: 'missing_columns' };
  const records = rows.slice(1).map((cells, i) => {
    const data = {
      employee_number: '',
      last_name: '',
      first_name: '',
      last_name_kana: '',
      first_name_kana: '',
      email: '',
      department: '',
      groups: '',
    } as CsvRecord;
    header.forEach((field, col) => {
      if (field) data[field] = unguard((cells[col] ?? '').trim());
    });
    // E-mails are stored lower-cased (auth/queries.ts), so they are compared that way too.
    data.email = data.email.toLowerCase();
    // Line numbers as a spreadsheet shows them (header is line 1); blank lines are not counted.
    return { line: i + 2, data };
  });
  return { records, error: null };
}

const rowSchema = z.object({
  employee_number: requiredText(50).pipe(z.string().regex(/^[\x21-\x7e]+$/, 'validation.employee_number')),
  last_name: requiredText(50),
  first_name: requiredText(50),
  last_name_kana: kanaSchema,
  first_name_kana: kanaSchema,
  email: emailSchema,
  department: text(255),
  groups: z.string(),
});

export interface PlannedRow extends ImportRow {
  data: CsvRecord;
  userId: number | null;
  /** Group ids to add the employee to (never removed by an import). */
  addGroups: number[];
}

const FIELDS: Exclude<CsvField, 'groups'>[] = ['last_name', 'first_name', 'last_name_kana', 'first_name_kana', 'email', 'department'];

async function chunked<T>(values: string[], fn: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < values.length; i += 1000) out.push(...(await fn(values.slice(i, i + 1000))));
  return out;
}

/**
 * What each row would do against the database as `db` sees it now: create, change, unchanged or
 * refused, with reasons (section 5 rules, duplicates inside the file and against the database,
 * unknown groups). Preview runs it once; apply runs it again inside its transaction, so a change
 * made in between is caught before anything is written.
 */
export async function planImport(db: Kysely<DB>, companyId: number, records: ParsedFile['records']): Promise<PlannedRow[]> {
  const numbers = [...new Set(records.map((r) => r.data.employee_number).filter(Boolean))];
  const emails = [...new Set(records.map((r) => r.data.email.trim()).filter(Boolean))];
  const cols = ['id', 'company_id', 'employee_number', 'email', 'status', ...FIELDS] as const;
  const byNumber = new Map(
    (await chunked(numbers, (c) => db.selectFrom('users').select(cols).where('employee_number', 'in', c).execute())).map((u) => [
      u.employee_number,
      u,
    ]),
  );
  const byEmail = new Map(
    (await chunked(emails, (c) => db.selectFrom('users').select(['id', 'email']).where('email', 'in', c).execute())).map((u) => [
      u.email,
      u.id,
    ]),
  );
  const groups = new Map(
    (await db.selectFrom('groups').select(['id', 'name']).where('company_id', '=', companyId).execute()).map((g) => [g.name, g.id]),
  );
  const existingIds = [...byNumber.values()].filter((u) => u.company_id === companyId).map((u) => String(u.id));
  const memberships = new Set(
    (
      await chunked(existingIds, (c) =>
        db.selectFrom('group_members').select(['group_id', 'user_id']).where('user_id', 'in', c.map(Number)).execute(),
      )
    ).map((m) => `${m.group_id}:${m.user_id}`),
  );
  const seenNumber = new Map<string, number>();
  const seenEmail = new Map<string, number>();
  for (const r of records) {
    const n = r.data.employee_number;
    const e = r.data.email.trim();
    if (n) seenNumber.set(n, (seenNumber.get(n) ?? 0) + 1);
    if (e) seenEmail.set(e, (seenEmail.get(e) ?? 0) + 1);
  }

  return records.map(({ line, data }) => {
    const errors: { column: string; code: string }[] = [];
    const parsed = rowSchema.safeParse(data);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = String(issue.path[0] ?? '');
        const code = issue.message.startsWith('validation.')
          ? issue.message
          : issue.code === 'too_small'
            ? 'validation.required'
            : 'validation.invalid';
        if (!errors.some((x) => x.column === column)) errors.push({ column, code });
      }
    }
    const clean = parsed.success ? (parsed.data as CsvRecord) : data;
    const existing = byNumber.get(clean.employee_number);
    if ((seenNumber.get(clean.employee_number) ?? 0) > 1) errors.push({ column: 'employee_number', code: 'validation.duplicate_in_file' });
    if ((seenEmail.get(clean.email) ?? 0) > 1) errors.push({ column: 'email', code: 'validation.duplicate_in_file' });
    if (existing && existing.company_id !== companyId) errors.push({ column: 'employee_number', code: 'validation.employee_number_used' });
    if (existing && existing.company_id === companyId && existing.status !== 'active')
      errors.push({ column: 'employee_number', code: 'validation.employee_left' });
    const emailOwner = byEmail.get(clean.email);
    if (emailOwner !== undefined && emailOwner !== existing?.id) errors.push({ column: 'email', code: 'validation.duplicate_email' });
    const groupIds: number[] = [];
    for (const name of splitGroups(clean.groups)) {
      const id = groups.get(name);
      if (id === undefined) errors.push({ column: 'groups', code: 'validation.group_not_found' });
      else groupIds.push(id);
    }
    const name = `${clean.last_name} ${clean.first_name}`.trim();
    const base = { line, employee_number: clean.employee_number, name, data: clean };
    if (errors.length > 0) return { ...base, state: 'refused', errors, changes: [], userId: existing?.id ?? null, addGroups: [] };
    const own = existing && existing.company_id === companyId ? existing : null;
    const addGroups = own ? groupIds.filter((g) => !memberships.has(`${g}:${own.id}`)) : groupIds;
    if (!own) return { ...base, state: 'create', errors, changes: [], userId: null, addGroups };
    const changes: string[] = FIELDS.filter((f) => own[f] !== clean[f]);
    if (addGroups.length > 0) changes.push('groups');
    return { ...base, state: changes.length > 0 ? 'change' : 'unchanged', errors, changes, userId: own.id, addGroups };
  });
}
