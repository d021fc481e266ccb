/**
 * Every per-domain schema entry of the contract (SCHEMA_ENTRIES in packages/federation/index.mjs).
 * The shell provides a share key only when its build contains the module, and production remotes
 * bundle no copy of a shared module: so each entry is named here, as a lazy chunk that loads only
 * when a remote's form asks the share scope for it (the shell's own pages import three of them).
 */
export const schemaEntries = {
  '@portal/api-client/validation': () => import('@portal/api-client/validation'),
  '@portal/api-client/schemas/admin': () => import('@portal/api-client/schemas/admin'),
  '@portal/api-client/schemas/auth': () => import('@portal/api-client/schemas/auth'),
  '@portal/api-client/schemas/calendar': () => import('@portal/api-client/schemas/calendar'),
  '@portal/api-client/schemas/groups': () => import('@portal/api-client/schemas/groups'),
  '@portal/api-client/schemas/help': () => import('@portal/api-client/schemas/help'),
  '@portal/api-client/schemas/members': () => import('@portal/api-client/schemas/members'),
  '@portal/api-client/schemas/search': () => import('@portal/api-client/schemas/search'),
  '@portal/api-client/schemas/security': () => import('@portal/api-client/schemas/security'),
  '@portal/api-client/schemas/settings': () => import('@portal/api-client/schemas/settings'),
  '@portal/api-client/schemas/theme-images': () => import('@portal/api-client/schemas/theme-images'),
} as const;
