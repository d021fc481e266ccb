// The full entry: everything in core plus zod, the section-5 rules and every endpoint schema.
// Browsers import runtime values from `./core` and come here only for schemas (form chunks).
export * from './constants';
export * from './errors';
export * from './validation';
export * from './endpoint';
export * from './endpoints';
export * from './routes.gen';
export * from './client';
export * from './query-keys';
export * from './schemas/error-body';
export * from './schemas/common';
export * from './schemas/auth';
export * from './schemas/members';
export * from './schemas/remotes';
export * from './schemas/groups';
export * from './schemas/topics';
export * from './schemas/files';
