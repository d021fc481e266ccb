// Remote side of the shared bundler runtime. A container's `__webpack_require__.federation` is
// built from @module-federation/webpack-bundler-runtime: the runtime API, some per-container
// state, and the bundler-runtime functions (share-scope init, consumes, container init), ~2.5 KB
// gzip of code identical in every remoteEntry.js. Production remotes only ever run inside the
// shell (as with `externalRuntime`, which already takes runtime-core from it), so they take the
// functions from the shell (provide-bundler-runtime.mjs) and keep their own state: the remote's
// build aliases the bundler runtime to this module (federationAlias({ remoteProduction })).
import * as runtime from '@module-federation/runtime';
// The package's own version, so a remote built against another one refuses to start.
import { version as BUNDLER_RUNTIME_VERSION } from '@portal/federation-impl/mf-bundler-runtime/package.json';

const BUNDLER_RUNTIME_KEY = '__PORTAL_MF_BUNDLER_RUNTIME__';

const provided = globalThis[BUNDLER_RUNTIME_KEY];
if (!provided) {
  throw new Error('This remote runs inside the portal shell only: no Module Federation bundler runtime was provided.');
}
if (provided.version !== BUNDLER_RUNTIME_VERSION) {
  throw new Error(
    `This remote was built with @module-federation/webpack-bundler-runtime ${BUNDLER_RUNTIME_VERSION}, ` +
      `the shell provides ${provided.version}: rebuild it against the shell's version.`,
  );
}

// The shape of the package's default export, with fresh per-container objects (`S`,
// `bundlerRuntimeOptions`) as each bundled copy had. `remotes` stays unset: remotes consume no
// other remote (disableRemote in remoteFederationOptions).
export default {
  runtime,
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime: { ...provided.functions, remotes: undefined, S: {} },
  attachShareScopeMap: provided.attachShareScopeMap,
  bundlerRuntimeOptions: {},
};
