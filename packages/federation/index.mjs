// Module Federation settings shared by the shell and every remote: the ONE list of shared
// singletons, the container names and the remotes' contract. Plain ESM (not TypeScript) because
// rsbuild configs and the API's deploy CLI both load it in Node without a build step.
import { createRequire } from 'node:module';
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/**
 * Version of an installed package, found by walking the node_modules folders Node would search
 * from here (the same tree every app resolves). Reads package.json directly because many
 * packages' `exports` do not expose it.
 */
function installedVersion(pkg) {
  for (const base of require.resolve.paths(pkg) ?? []) {
    const file = join(base, pkg, 'package.json');
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')).version;
  }
  throw new Error(`federation: cannot find the installed version of ${pkg}`);
}

/**
 * The contract's entries a browser form may import schemas from: one share key, hence one lazy
 * chunk of the shell, per domain (they share zod and the common schemas through split chunks).
 * A share key matches one specifier exactly: a new domain a remote validates with goes here.
 */
export const SCHEMA_ENTRIES = [
  '@portal/api-client/validation',
  ...['admin', 'auth', 'calendar', 'groups', 'help', 'members', 'search', 'security', 'settings', 'theme-images'].map(
    (domain) => `@portal/api-client/schemas/${domain}`,
  ),
];

/**
 * Shared singletons. Each entry names the package whose package.json gives the version; the
 * extra keys are subpath imports that must resolve to the same single instance (a share key
 * matches one import specifier exactly, so `@portal/api-client/session` needs its own entry or
 * every remote would get its own session store).
 */
const SINGLETONS = {
  react: ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime'],
  'react-dom': ['react-dom', 'react-dom/client'],
  'react-router': ['react-router'],
  '@tanstack/react-query': ['@tanstack/react-query'],
  nanostores: ['nanostores'],
  '@nanostores/react': ['@nanostores/react'],
  i18next: ['i18next'],
  'react-i18next': ['react-i18next'],
  dayjs: ['dayjs'],
  // `core` is the zod-free entry the start-up path uses (one instance, so ApiError is one class
  // everywhere). `routes` is the full route table (method, path, auth of every endpoint): the
  // client fetches it on the first call outside the start-up set, topic screens read paths from
  // it. Forms take their schemas per domain (SCHEMA_ENTRIES), so a page evaluates zod and the
  // schemas of the domains it validates, never the whole contract; the index (every endpoint)
  // is for the API and tests, and browsers do not import it (entries.test.ts).
  '@portal/api-client': [
    '@portal/api-client/core',
    '@portal/api-client/browser',
    '@portal/api-client/session',
    '@portal/api-client/realtime',
    '@portal/api-client/routes',
    ...SCHEMA_ENTRIES,
  ],
  '@portal/ui': ['@portal/ui'],
  '@portal/i18n': ['@portal/i18n'],
};

/** Folder of an installed package, found the way installedVersion finds it. */
function packageDir(pkg) {
  for (const base of require.resolve.paths(pkg) ?? []) {
    const dir = join(base, pkg);
    if (existsSync(join(dir, 'package.json'))) return dir;
  }
  throw new Error(`federation: cannot find the installed package ${pkg}`);
}

/**
 * Shared packages whose singleton is a facade (facades/*.mjs) re-exporting the part of
 * the package that browsers use; `impl` is the ESM file the facade reads, reached through the
 * `@portal/federation-impl/<pkg>` alias because importing the package by name from inside the
 * facade would be routed back to the shared module itself.
 */
const FACADES = {
  // The production build: the package's exports map has no production condition for imports.
  'react-router': 'dist/production/index.js',
  'react-i18next': 'dist/es/index.js',
  '@tanstack/react-query': 'build/modern/index.js',
  nanostores: 'index.js',
};
const facadeFile = (pkg) => fileURLToPath(new URL(`./facades/${pkg}.mjs`, import.meta.url));

/** Installed versions of the shared packages, keyed by package name. */
export const sharedVersions = Object.fromEntries(Object.keys(SINGLETONS).map((pkg) => [pkg, installedVersion(pkg)]));

/** The `shared` option of every federation config (shell and remotes alike). */
export const sharedDeps = Object.fromEntries(
  Object.entries(SINGLETONS).flatMap(([pkg, keys]) =>
    keys.map((key) => [
      key,
      {
        ...(key in FACADES ? { import: facadeFile(key) } : {}),
        singleton: true,
        version: sharedVersions[pkg],
        // No range for the runtime to check: skew is refused at deploy time (`npm run remotes --
        // publish` holds each remote's singletons to `^version` of the shell's, skew.ts), and the
        // runtime's check only warned, after parsing a semver range for every consume of every
        // page load (~10 ms of home's main thread in a profile).
        requiredVersion: false,
        strictVersion: false,
      },
    ]),
  ),
);

/**
 * `resolve.alias` for the shell and every remote build: the facades' implementations (see
 * FACADES), the MF runtime's ESM builds (see mfRuntimeEsmAlias) and the bundler runtime the shell
 * shares with the remotes (runtime/). `remoteProduction`: a remote's production build,
 * which takes the bundler runtime's functions from the shell instead of bundling them.
 */
export function federationAlias({ remoteProduction = false } = {}) {
  const { alias, bundlerRuntime } = mfRuntimeEsmAlias();
  for (const [pkg, impl] of Object.entries(FACADES)) {
    const file = join(packageDir(pkg), impl);
    if (!existsSync(file)) throw new Error(`federation: ${file} is missing (did ${pkg} change its layout?)`);
    alias[`@portal/federation-impl/${pkg}$`] = file;
  }
  const dist = dirname(bundlerRuntime);
  alias['@portal/federation-impl/mf-bundler-runtime$'] = bundlerRuntime;
  alias['@portal/federation-impl/mf-bundler-runtime/initContainerEntry$'] = join(dist, 'initContainerEntry.js');
  alias['@portal/federation-impl/mf-bundler-runtime/package.json$'] = join(dist, '..', 'package.json');
  if (remoteProduction) {
    alias[bundlerRuntimeCjs()] = runtimeFile('consume-bundler-runtime.mjs');
    const errorCodes = dirname(
      require.resolve('@module-federation/error-codes', { paths: [dirname(alias['@module-federation/runtime'])] }),
    );
    alias['@module-federation/error-codes$'] = runtimeFile('error-codes-lite.mjs');
    alias['@portal/federation-impl/mf-error-codes/error-codes$'] = join(errorCodes, 'error-codes.mjs');
    alias['@portal/federation-impl/mf-error-codes/getShortErrorMsg$'] = join(errorCodes, 'getShortErrorMsg.mjs');
  }
  return alias;
}

const runtimeFile = (name) => fileURLToPath(new URL(`./runtime/${name}`, import.meta.url));

// Resolved from where rspack's and the rsbuild plugin's own require.resolve start (lazily: the
// API's deploy CLI loads this file without the build tools).
const mfRuntimeFrom = () => ({
  '@module-federation/webpack-bundler-runtime': require.resolve('@module-federation/runtime-tools'),
  '@module-federation/inject-external-runtime-core-plugin': require.resolve('@module-federation/rspack'),
});
/** The file rspack's MF plugin imports the bundler runtime from (its CommonJS build). */
const bundlerRuntimeCjs = () =>
  require.resolve('@module-federation/webpack-bundler-runtime', {
    paths: [mfRuntimeFrom()['@module-federation/webpack-bundler-runtime']],
  });

/**
 * The MF plugins hand rspack the runtime's entry points as absolute paths resolved with
 * `require.resolve`, i.e. their CommonJS builds, which rspack cannot tree-shake: the whole SDK
 * (Node loaders, manifest tooling, logger) ships in the shell and again in every remoteEntry.js.
 * Pointing those files at the packages' own ESM builds (same version, same code) lets the unused
 * parts go.
 */
function mfRuntimeEsmAlias() {
  const from = mfRuntimeFrom();
  const esmOf = (cjs) => {
    const esm = cjs.replace(/\.cjs$/, '.js');
    if (cjs === esm || !existsSync(esm)) throw new Error(`federation: no ESM build next to ${cjs}`);
    return esm;
  };
  const alias = {};
  for (const [pkg, base] of Object.entries(from)) {
    const cjs = require.resolve(pkg, { paths: [base] });
    alias[cjs] = esmOf(cjs);
  }
  // rspack itself aliases the bare name to the CommonJS build; this entry replaces that one.
  // Subpaths (`…/runtime/helpers`) find no file under it and fall back to normal resolution
  // through the package's exports, which pick ESM for imports.
  alias['@module-federation/runtime'] = esmOf(
    require.resolve('@module-federation/runtime', { paths: [from['@module-federation/webpack-bundler-runtime']] }),
  );
  return { alias, bundlerRuntime: alias[bundlerRuntimeCjs()] };
}

/** `loaded-first` so one offline remote cannot hang the shell's start-up. */
export const SHARE_STRATEGY = 'loaded-first';

/** Container name of a remote: 'common-topic' → 'portal_common_topic'. */
export function mfName(remoteName) {
  return `portal_${remoteName.replace(/[^a-zA-Z0-9]+/g, '_')}`;
}

/**
 * The six remotes: where the shell mounts their `./routes`, and every module they expose
 * (`./routes` plus widgets; notifications' `./todo` is mounted at /todo).
 * `devPort` is the rsbuild dev server port of the remote when run on its own.
 */
export const REMOTES = [
  {
    name: 'groups',
    mount: '/group',
    devPort: 18501,
    exposes: ['./routes', './GroupList', './GroupPickMenu', './GroupPreview', './Register'],
  },
  { name: 'common-topic', mount: '/common-topic', devPort: 18502, exposes: ['./routes', './CommonTopicLink'] },
  { name: 'chat', mount: '/chat', devPort: 18503, exposes: ['./routes'] },
  { name: 'calendar', mount: '/calendar', devPort: 18504, exposes: ['./routes', './WeekTable'] },
  {
    name: 'notifications',
    mount: '/notification',
    devPort: 18505,
    exposes: ['./routes', './todo', './NewsList', './NavbarNotifications'],
  },
  {
    name: 'settings',
    mount: '/setting',
    devPort: 18506,
    exposes: ['./routes', './SettingMenu', './Verify', './Withdraw', './HelpCenter', './HelpCenterDetail', './MemberRegister'],
  },
];

export function remoteByName(name) {
  const r = REMOTES.find((x) => x.name === name);
  if (!r) throw new Error(`unknown remote ${name}; known: ${REMOTES.map((x) => x.name).join(', ')}`);
  return r;
}

/**
 * Module Federation options of the shell. `dts: false`: the type plugin opens ports and fetches
 * remote types; types come from api-client. The shell hands its MF runtime to the remotes
 * (`provideExternalRuntime`), so their remoteEntry.js need not carry a copy of it (~30 KB gzip
 * each, and home loads four), and likewise the bundler runtime's functions (~2.5 KB each, see
 * runtime/).
 */
export function hostFederationOptions() {
  return {
    name: 'portal_shell',
    remotes: {},
    shared: sharedDeps,
    shareStrategy: SHARE_STRATEGY,
    dts: false,
    // target 'web' drops the runtime's Node script loaders.
    experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
    runtimePlugins: [runtimeFile('provide-bundler-runtime.mjs')],
  };
}

/**
 * Module Federation options of one remote; its rsbuild config only adds the exposes map.
 * Production builds only ever run inside the shell, so they take everything it provides: the MF
 * runtime (`externalRuntime`), the bundler runtime's functions (federationAlias) and the shared
 * singletons (`import: false`: no fallback copies, whose provide list, consume table and chunk
 * map cost ~1.8 KB gzip in every remoteEntry.js; deploy refuses a remote needing a singleton the
 * shell build does not provide). A dev server keeps its own copies so the remote's stand-alone
 * harness still starts.
 */
export function remoteFederationOptions(name, exposes, { production = false } = {}) {
  const spec = remoteByName(name);
  const missing = spec.exposes.filter((key) => !(key in exposes));
  if (missing.length) throw new Error(`remote ${name} must expose ${missing.join(', ')}`);
  return {
    name: mfName(name),
    filename: 'remoteEntry.js',
    exposes,
    shared: production ? Object.fromEntries(Object.entries(sharedDeps).map(([key, dep]) => [key, { ...dep, import: false }])) : sharedDeps,
    shareStrategy: SHARE_STRATEGY,
    manifest: true,
    dts: false,
    // disableRemote: a remote consumes no other remote at build time, so the bundler runtime's
    // remote-module loader is dead code here (runtime loading goes through the shell's runtime).
    experiments: { externalRuntime: production, optimization: { target: 'web', disableRemote: true } },
  };
}
