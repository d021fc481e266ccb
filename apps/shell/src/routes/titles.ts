/**
 * Route titles (i18n keys). The document title is the product name plus this, set by each page
 * through useDocumentTitle; remote pages set their own.
 */
export const TITLE_KEYS = {
  home: 'shell:titles.home',
  todo: 'shell:titles.todo',
  searchResult: 'shell:titles.search_result',
  helpCenter: 'shell:titles.help_center',
  helpCenterDetail: 'shell:titles.help_center_detail',
  employeeWithoutGroup: 'shell:titles.employee_without_group',
  approvalWaiting: 'shell:titles.approval_waiting',
  groupNotFound: 'shell:titles.group_not_found',
  withdraw: 'shell:titles.withdraw',
  notFound: 'shell:titles.not_found',
  login: 'auth:titles.login',
  emailLogin: 'auth:titles.email_login',
  forgotPassword: 'auth:titles.forgot_password',
  employeeForgotPassword: 'auth:titles.employee_forgot_password',
  resetPassword: 'auth:titles.reset_password',
  lineLogin: 'auth:titles.line_login',
  tokenExpired: 'auth:titles.token_expired',
  terms: 'auth:titles.terms',
  policy: 'auth:titles.policy',
  verify: 'auth:titles.verify',
  waiting: 'shell:titles.waiting',
  groupPreview: 'auth:titles.group_preview',
  register: 'auth:titles.register',
  setup: 'auth:titles.setup',
} as const;
