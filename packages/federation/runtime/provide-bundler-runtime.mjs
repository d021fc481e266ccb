// Shell side of the shared bundler runtime (see consume-bundler-runtime.mjs): a Module Federation
// runtime plugin (hostFederationOptions().runtimePlugins) that publishes the shell's copy of
// @module-federation/webpack-bundler-runtime's functions before any remote container loads.
import federation from '@portal/federation-impl/mf-bundler-runtime';
// The shell exposes nothing, so its build drops initContainerEntry (FEDERATION_HAS_EXPOSES);
// every remote container needs it.
import { initContainerEntry } from '@portal/federation-impl/mf-bundler-runtime/initContainerEntry';
// The package's own version, so a remote built against another one refuses to start.
import { version as BUNDLER_RUNTIME_VERSION } from '@portal/federation-impl/mf-bundler-runtime/package.json';

const BUNDLER_RUNTIME_KEY = '__PORTAL_MF_BUNDLER_RUNTIME__';

export default function provideBundlerRuntime() {
  globalThis[BUNDLER_RUNTIME_KEY] ??= Object.freeze({
    version: BUNDLER_RUNTIME_VERSION,
    // Only functions: each one reads and writes the container state it is handed
    // (webpackRequire.federation), never module state, so every container can call them.
    functions: Object.freeze({ ...federation.bundlerRuntime, initContainerEntry, S: undefined }),
    attachShareScopeMap: federation.attachShareScopeMap,
  });
  return { name: 'portal-provide-bundler-runtime' };
}
