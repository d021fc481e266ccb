import { endpoints } from '@portal/api-client';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/route';
import { listAudit } from './audit';
import { capacityOverview, setCompanyCapacity, setGroupCapacity } from './capacity';
import { createEmployee, employeeDetail, listEmployees, retireEmployee, sendPasswordMail, setRights, updateEmployee } from './employees';
import { auditCsv, employeesCsv, sendCsv } from './export';
import { applyImport, previewImport, showImport } from './import';
import { AUDIT_RETENTION_EVERY_MS, AUDIT_RETENTION_JOB } from './jobs';
import { ensurePeriodicJob, requireCompanyAdmin } from '../../kernel';

/**
 * Company administration. Every handler starts with requireCompanyAdmin: a member gets 403,
 * and every id is looked up within the caller's company, so another company's ids are 404.
 */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const e = endpoints;
  await ensurePeriodicJob(app.ctx.db, AUDIT_RETENTION_JOB, app.ctx.now() + AUDIT_RETENTION_EVERY_MS, app.ctx.now());
  registerEndpoint(app, e.adminListEmployees, async ({ ctx, user, query }) => {
    requireCompanyAdmin(user);
    return { items: await listEmployees(ctx, user.companyId, query) };
  });
  registerEndpoint(app, e.adminCreateEmployee, async ({ ctx, user, body, request }) => {
    requireCompanyAdmin(user);
    return { items: { id: await createEmployee(ctx, user, body, request.ip) } };
  });
  registerEndpoint(app, e.adminExportEmployees, async ({ ctx, user, query, reply }) => {
    requireCompanyAdmin(user);
    return sendCsv(reply, await employeesCsv(ctx, user.companyId, query.status), query.encoding, 'employees.csv');
  });
  registerEndpoint(app, e.adminGetEmployee, async ({ ctx, user, params }) => {
    requireCompanyAdmin(user);
    return { items: await employeeDetail(ctx, user.companyId, params.userId) };
  });
  registerEndpoint(app, e.adminUpdateEmployee, async ({ ctx, user, params, body, request }) => {
    requireCompanyAdmin(user);
    await updateEmployee(ctx, user, params.userId, body, request.ip);
    return { items: { id: params.userId } };
  });
  registerEndpoint(app, e.adminSetRights, async ({ ctx, user, params, body, request }) => {
    requireCompanyAdmin(user);
    await setRights(ctx, user, params.userId, body, request.ip);
    return { items: { id: params.userId } };
  });
  registerEndpoint(app, e.adminPasswordMail, async ({ ctx, user, params, request }) => {
    requireCompanyAdmin(user);
    await sendPasswordMail(ctx, user, params.userId, request.ip);
    return { items: { id: params.userId } };
  });
  registerEndpoint(app, e.adminRetireEmployee, async ({ ctx, user, params, body, request }) => {
    requireCompanyAdmin(user);
    await retireEmployee(ctx, user, params.userId, body.successors, request.ip);
    return { items: { id: params.userId, revoked_sessions: 0 } };
  });

  registerEndpoint(
    app,
    e.adminImportPreview,
    async ({ ctx, user, body }) => {
      requireCompanyAdmin(user);
      const id = await previewImport(ctx, user, body.file_name, body.file_base64);
      return { items: await showImport(ctx, user.companyId, id, { filter: 'all', page: 1, limit: 100 }) };
    },
    { bodyLimit: 24 * 1024 * 1024 },
  );
  registerEndpoint(app, e.adminImportShow, async ({ ctx, user, params, query }) => {
    requireCompanyAdmin(user);
    return { items: await showImport(ctx, user.companyId, params.importId, query) };
  });
  registerEndpoint(app, e.adminImportApply, async ({ ctx, user, params, body, request }) => {
    requireCompanyAdmin(user);
    return { items: await applyImport(ctx, user, params.importId, body.send_password_mail, request.ip) };
  });

  registerEndpoint(app, e.adminCapacity, async ({ ctx, user }) => {
    requireCompanyAdmin(user);
    return { items: await capacityOverview(ctx, user.companyId) };
  });
  registerEndpoint(app, e.adminSetCompanyCapacity, async ({ ctx, user, body, request }) => {
    requireCompanyAdmin(user);
    await setCompanyCapacity(ctx, user, body, request.ip);
    return { items: await capacityOverview(ctx, user.companyId) };
  });
  registerEndpoint(app, e.adminSetGroupCapacity, async ({ ctx, user, params, body, request }) => {
    requireCompanyAdmin(user);
    await setGroupCapacity(ctx, user, params.groupId, body, request.ip);
    return { items: await capacityOverview(ctx, user.companyId) };
  });

  registerEndpoint(app, e.adminAuditList, async ({ ctx, user, query }) => {
    requireCompanyAdmin(user);
    const { page, limit, ...filter } = query;
    return { items: await listAudit(ctx, user.companyId, filter, page, limit) };
  });
  registerEndpoint(app, e.adminAuditExport, async ({ ctx, user, query, reply }) => {
    requireCompanyAdmin(user);
    const { encoding, ...filter } = query;
    return sendCsv(reply, await auditCsv(ctx, user.companyId, filter), encoding, 'audit.csv');
  });
}
