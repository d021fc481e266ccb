// A production remote's copy of @module-federation/runtime (the thin API over the shell's
// runtime core, see consume-bundler-runtime.mjs) bundles @module-federation/error-codes' English
// message table (~0.5 KB gzip) only to pass it to the core's assert: home loads four remotes, so
// four copies. Remote builds alias the package to this module (federationAlias({
// remoteProduction })): the same codes and docs links, one generic sentence instead of the table.
// The real package's own files, by path: the bare name is what this module replaces.
export * from '@portal/federation-impl/mf-error-codes/error-codes';
export { getShortErrorMsg } from '@portal/federation-impl/mf-error-codes/getShortErrorMsg';

const generic = new Proxy(
  {},
  { get: (_, code) => (typeof code === 'string' ? 'Module Federation runtime error (see the linked docs)' : undefined) },
);
export const runtimeDescMap = generic;
export const typeDescMap = generic;
export const buildDescMap = generic;
export const errorDescMap = generic;
