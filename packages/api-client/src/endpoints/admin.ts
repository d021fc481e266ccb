import { endpoint } from '../endpoint';
import * as s from '../schemas/admin';

const tags = ['company'];
const U = '/company/users';

/** Company administration. Every call is for company administrators only. */
export const adminEndpoints = {
  adminListEmployees: endpoint({
    method: 'GET', path: U, auth: true, query: s.employeeListQuery, response: s.employeeListResponse,
    summary: 'Employees of the company: search (name, kana, number, e-mail) and page', tags,
  }),
  adminCreateEmployee: endpoint({
    method: 'POST', path: U, auth: true, body: s.createEmployeeBody, response: s.employeeIdResponse,
    summary: 'Register one employee (and optionally mail the password-set link)', tags,
  }),
  adminExportEmployees: endpoint({
    method: 'GET', path: `${U}/export`, auth: true, query: s.exportQuery, response: s.binaryResponse,
    summary: 'Employees as CSV (UTF-8, UTF-8 with BOM or Shift_JIS), the import format', tags,
  }),
  adminGetEmployee: endpoint({
    method: 'GET', path: `${U}/:userId`, auth: true, params: s.adminUserParam, response: s.employeeDetailResponse,
    summary: 'One employee with groups and lock state', tags,
  }),
  adminUpdateEmployee: endpoint({
    method: 'PATCH', path: `${U}/:userId`, auth: true, params: s.adminUserParam, body: s.updateEmployeeBody, response: s.employeeIdResponse,
    summary: 'Edit an employee', tags,
  }),
  adminSetRights: endpoint({
    method: 'PUT', path: `${U}/:userId/rights`, auth: true, params: s.adminUserParam, body: s.employeeRightsBody, response: s.employeeIdResponse,
    summary: 'Grant or withdraw company administrator and the common-topic right', tags,
  }),
  adminPasswordMail: endpoint({
    method: 'POST', path: `${U}/:userId/password-mail`, auth: true, params: s.adminUserParam, response: s.employeeIdResponse,
    summary: 'Mail the employee a link to set a password', tags,
  }),
  adminRetireEmployee: endpoint({
    method: 'POST', path: `${U}/:userId/retire`, auth: true, params: s.adminUserParam, body: s.retireBody, response: s.retireResponse,
    summary: 'Retire an employee (LEAVE_SYSTEM): sessions and devices revoked at once', tags,
  }),
  adminImportPreview: endpoint({
    method: 'POST', path: '/company/user-imports', auth: true, body: s.importPreviewBody, response: s.importResponse,
    summary: 'Upload an employee CSV: per-row preview (create, change, refused with reasons)', tags,
  }),
  adminImportShow: endpoint({
    method: 'GET', path: '/company/user-imports/:importId', auth: true, params: s.adminImportParam, query: s.importRowsQuery, response: s.importResponse,
    summary: 'An import: state, progress and its rows', tags,
  }),
  adminImportApply: endpoint({
    method: 'POST', path: '/company/user-imports/:importId/apply', auth: true, params: s.adminImportParam, body: s.importApplyBody, response: s.importApplyResponse,
    summary: 'Apply a previewed import, all or nothing; may be started again after a failure', tags,
  }),
  adminCapacity: endpoint({
    method: 'GET', path: '/company/capacity', auth: true, response: s.capacityResponse,
    summary: 'Company and group storage capacity and use, attachment limits, audit retention', tags,
  }),
  adminSetCompanyCapacity: endpoint({
    method: 'PUT', path: '/company/capacity', auth: true, body: s.companyCapacityBody, response: s.capacityResponse,
    summary: 'Set the company storage capacity and the audit retention period', tags,
  }),
  adminSetGroupCapacity: endpoint({
    method: 'PUT', path: '/company/groups/:groupId/capacity', auth: true, params: s.adminGroupParam, body: s.groupCapacityBody, response: s.capacityResponse,
    summary: 'Set a group storage capacity and attachment size limit', tags,
  }),
  adminAuditList: endpoint({
    method: 'GET', path: '/company/audit-events', auth: true, query: s.auditQuery, response: s.auditListResponse,
    summary: 'Audit trail with filters (who, what, when)', tags,
  }),
  adminAuditExport: endpoint({
    method: 'GET', path: '/company/audit-events/export', auth: true, query: s.auditExportQuery, response: s.binaryResponse,
    summary: 'Audit trail as CSV', tags,
  }),
};
