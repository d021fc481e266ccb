import { sweepAudit } from './audit';
import { sweepImports } from './import';
import { registerJobHandler } from '../../kernel';

/** Audit entries past their company's retention period go once a day, and old import rows. */
export const AUDIT_RETENTION_JOB = 'admin.audit-retention';
export const AUDIT_RETENTION_EVERY_MS = 86_400_000;

registerJobHandler(AUDIT_RETENTION_JOB, async (ctx) => {
  await sweepAudit(ctx);
  await sweepImports(ctx);
  return { rerunAt: ctx.now() + AUDIT_RETENTION_EVERY_MS };
});
