import { z } from 'zod';
import { afterFields, emailSchema, kanaSchema, requiredText, rowId, rowIdText, text } from '../validation';
import { envelope, page } from './common';

/** Company administration: employees, CSV import/export, capacities, audit trail. */

export const adminUserParam = z.object({ userId: rowIdText() }).strict();
export const adminGroupParam = z.object({ groupId: rowIdText() }).strict();
export const adminImportParam = z.object({ importId: rowIdText() }).strict();

export const employeeListQuery = z
  .object({
    keyword: z.string().max(255).optional(),
    status: z.enum(['active', 'left', 'locked', 'all']).default('active'),
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();

export const employeeRow = z.object({
  id: z.number().int(),
  employee_number: z.string(),
  email: z.string(),
  last_name: z.string(),
  first_name: z.string(),
  last_name_kana: z.string(),
  first_name_kana: z.string(),
  department: z.string(),
  is_company_admin: z.boolean(),
  common_topic_role: z.boolean(),
  status: z.enum(['active', 'left']),
  locked_at: z.number().nullable(),
  failed_login_count: z.number().int(),
  last_login_at: z.number().nullable(),
  created_at: z.number(),
});
export type EmployeeRow = z.infer<typeof employeeRow>;
export const employeeListResponse = envelope(page(employeeRow));

export const employeeGroup = z.object({ id: z.number().int(), name: z.string(), role_admin: z.boolean() });
export const employeeDetailResponse = envelope(
  employeeRow.extend({
    groups: z.array(employeeGroup),
    /** Why the account is locked (section 4: 10 failed logins), when it is. */
    lock_reason: z.enum(['failed_logins']).nullable(),
  }),
);

const employeeFields = {
  employee_number: requiredText(50).pipe(z.string().regex(/^[\x21-\x7e]+$/, 'validation.employee_number')),
  email: emailSchema,
  last_name: requiredText(50),
  first_name: requiredText(50),
  last_name_kana: kanaSchema,
  first_name_kana: kanaSchema,
  department: text(255).default(''),
};
export const createEmployeeBody = z
  .object({
    ...employeeFields,
    group_ids: z.array(rowId()).max(100).default([]),
    send_password_mail: z.boolean().default(true),
  })
  .strict();
export type CreateEmployeeBody = z.input<typeof createEmployeeBody>;
export const updateEmployeeBody = z
  .object({
    employee_number: employeeFields.employee_number.optional(),
    email: emailSchema.optional(),
    last_name: requiredText(50).optional(),
    first_name: requiredText(50).optional(),
    last_name_kana: kanaSchema.optional(),
    first_name_kana: kanaSchema.optional(),
    department: text(255).optional(),
  })
  .strict();
export type UpdateEmployeeBody = z.input<typeof updateEmployeeBody>;
export const employeeIdResponse = envelope(z.object({ id: z.number().int() }));

export const employeeRightsBody = z
  .object({ is_company_admin: z.boolean().optional(), common_topic_role: z.boolean().optional() })
  .strict()
  .refine((b) => b.is_company_admin !== undefined || b.common_topic_role !== undefined, { message: 'validation.required', ...afterFields });

/** Groups the retiree administers alone: a successor per group, or the retire is refused. */
export const retireBody = z
  .object({
    successors: z
      .array(z.object({ group_id: rowId(), user_id: rowId() }).strict())
      .max(500)
      .default([]),
  })
  .strict();
export const retireResponse = envelope(z.object({ id: z.number().int(), revoked_sessions: z.number().int() }));

// --- CSV import / export ---------------------------------------------------------------

export const CSV_ENCODINGS = ['utf8', 'utf8_bom', 'sjis'] as const;
export type CsvEncoding = (typeof CSV_ENCODINGS)[number];

export const importPreviewBody = z
  .object({
    file_name: z.string().max(255).default('employees.csv'),
    /** The file's bytes, base64: the encoding is detected from them (BOM, valid UTF-8, else CP932). */
    file_base64: z
      .string()
      .min(1)
      .max(16 * 1024 * 1024),
  })
  .strict();
export const importRowState = z.enum(['create', 'change', 'unchanged', 'refused']);
export const importRow = z.object({
  line: z.number().int(),
  employee_number: z.string(),
  name: z.string(),
  state: importRowState,
  /** i18n keys (`admin.import_error.*`) with the column they concern. */
  errors: z.array(z.object({ column: z.string(), code: z.string() })),
  changes: z.array(z.string()),
});
export type ImportRow = z.infer<typeof importRow>;
export const importStatus = z.enum(['previewed', 'applying', 'applied', 'failed']);
export const importSummary = z.object({
  id: z.number().int(),
  file_name: z.string(),
  encoding: z.enum(CSV_ENCODINGS),
  status: importStatus,
  total: z.number().int(),
  created: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  /** Rows written so far by a running apply (progress bar). */
  progress: z.number().int(),
  error: z.string().nullable(),
  created_at: z.number(),
});
export type ImportSummary = z.infer<typeof importSummary>;
export const importRowsQuery = z
  .object({
    filter: z.enum(['all', 'refused', 'create', 'change']).default('all'),
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  })
  .strict();
export const importResponse = envelope(importSummary.extend({ rows: page(importRow) }));
export const importApplyBody = z.object({ send_password_mail: z.boolean().default(false) }).strict();
export const importApplyResponse = envelope(importSummary);
export const exportQuery = z
  .object({ encoding: z.enum(CSV_ENCODINGS).default('sjis'), status: z.enum(['active', 'all']).default('active') })
  .strict();
export const binaryResponse = z.unknown();

// --- capacities ---------------------------------------------------------------------------

const usage = z.object({
  capacity_gb: z.number().int(),
  used_bytes: z.number(),
  percent: z.number(),
  warning: z.boolean(),
  full: z.boolean(),
});
export const capacityResponse = envelope(
  z.object({
    company: usage,
    groups: z.array(
      usage.extend({ id: z.number().int(), name: z.string(), max_img_size_per_attachment: z.number().int(), is_stopped: z.boolean() }),
    ),
    audit_retention_days: z.number().int(),
  }),
);
const capacityGb = z.number().int().min(1).max(100_000);
export const companyCapacityBody = z
  .object({ capacity_gb: capacityGb.optional(), audit_retention_days: z.number().int().min(30).max(3650).optional() })
  .strict();
export const groupCapacityBody = z
  .object({ capacity_gb: capacityGb.optional(), max_img_size_per_attachment: z.number().int().min(1).max(1024).optional() })
  .strict()
  .refine((b) => b.capacity_gb !== undefined || b.max_img_size_per_attachment !== undefined, {
    message: 'validation.required',
    ...afterFields,
  });

// --- audit trail --------------------------------------------------------------------------

export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.login_failed',
  'auth.login_no_group',
  'auth.locked',
  'auth.unlocked',
  'auth.password_reset',
  'auth.password_mail',
  'employee.created',
  'employee.updated',
  'employee.rights',
  'employee.retired',
  'employee.imported',
  'group.created',
  'group.deleted',
  'topic.deleted',
  'topic.bin_emptied',
  'file.deleted',
  'file.bin_emptied',
  'capacity.changed',
  'remote.published',
  'remote.rolled_back',
  'remote.canary_started',
  'remote.promoted',
  'remote.canary_rolled_back',
  'remote.canary_auto_rolled_back',
  'remote.canary_auto_promoted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const auditQuery = z
  .object({
    actor: z.string().max(100).optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    from: z.coerce.number().int().min(0).optional(),
    to: z.coerce.number().int().min(0).optional(),
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export const auditRow = z.object({
  id: z.number().int(),
  created_at: z.number(),
  action: z.enum(AUDIT_ACTIONS),
  actor_id: z.number().int().nullable(),
  actor_name: z.string(),
  target_type: z.string(),
  target_id: z.number().int().nullable(),
  target_label: z.string(),
  detail: z.string(),
  ip: z.string(),
});
export type AuditRow = z.infer<typeof auditRow>;
export const auditListResponse = envelope(page(auditRow));
export const auditExportQuery = auditQuery
  .omit({ page: true, limit: true })
  .extend({ encoding: z.enum(CSV_ENCODINGS).default('utf8_bom') })
  .strict();
