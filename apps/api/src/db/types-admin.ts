import type { Generated } from 'kysely';

/** Tables and columns of migration 0016_admin, merged into the shared types. */
export interface AuditEventsTable {
  id: Generated<number>;
  company_id: number;
  actor_id: number | null;
  actor_name: string;
  action: string;
  target_type: string;
  target_id: number | null;
  target_label: string;
  detail: string;
  ip: string;
  created_at: number;
}

export interface AdminImportsTable {
  id: Generated<number>;
  company_id: number;
  created_by: number;
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
  updated_at: number;
}

/** The administration tables and the company's audit retention column, part of types.ts's DB. */
export interface AdminTables {
  audit_events: AuditEventsTable;
  admin_imports: AdminImportsTable;
}

export interface AdminCompanyColumns {
  audit_retention_days: Generated<number>;
}
