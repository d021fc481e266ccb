// Module Federation settings shared by the shell and every remote: the ONE list of shared
// singletons, the container names and the remotes' contract. Plain ESM (not TypeScript) because
// rsbuild configs and the API's deploy CLI both load it in Node without a build step.
import { createRequire } from 'node:module';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

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
  '@portal/api-client': [
    '@portal/api-client',
    '@portal/api-client/browser',
    '@portal/api-client/session',
    '@portal/api-client/realtime',
  ],
  '@portal/ui': ['@portal/ui'],
  '@portal/i18n': ['@portal/i18n'],
};

/** Installed versions of the shared packages, keyed by package name. */
export const sharedVersions = Object.fromEntries(
  Object.keys(SINGLETONS).map((pkg) => [pkg, installedVersion(pkg)]),
);

/** The `shared` option of every federation config (shell and remotes alike). */
export const sharedDeps = Object.fromEntries(
  Object.entries(SINGLETONS).flatMap(([pkg, keys]) =>
    keys.map((key) => [
      key,
      {
        singleton: true,
        version: sharedVersions[pkg],
        requiredVersion: `^${sharedVersions[pkg]}`,
        // Skew is refused at deploy time (`npm run remotes -- publish`); at runtime a console
        // warning is better than a blank page.
        strictVersion: false,
      },
    ]),
  ),
);

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
  { name: 'groups', mount: '/group', devPort: 18501, exposes: ['./routes', './GroupList', './GroupPickMenu'] },
  { name: 'common-topic', mount: '/common-topic', devPort: 18502, exposes: ['./routes', './CommonTopicLink'] },
  { name: 'chat', mount: '/chat', devPort: 18503, exposes: ['./routes'] },
  { name: 'calendar', mount: '/calendar', devPort: 18504, exposes: ['./routes', './WeekTable'] },
  {
    name: 'notifications',
    mount: '/notification',
    devPort: 18505,
    exposes: ['./routes', './todo', './NewsList', './NavbarNotifications'],
  },
  { name: 'settings', mount: '/setting', devPort: 18506, exposes: ['./routes', './SettingMenu'] },
];

export function remoteByName(name) {
  const r = REMOTES.find((x) => x.name === name);
  if (!r) throw new Error(`unknown remote ${name}; known: ${REMOTES.map((x) => x.name).join(', ')}`);
  return r;
}

/**
 * Module Federation options of one remote; its rsbuild config only adds the exposes map.
 * `dts: false`: the type plugin opens ports and fetches types; types come from api-client.
 */
export function remoteFederationOptions(name, exposes) {
  const spec = remoteByName(name);
  const missing = spec.exposes.filter((key) => !(key in exposes));
  if (missing.length) throw new Error(`remote ${name} must expose ${missing.join(', ')}`);
  return {
    name: mfName(name),
    filename: 'remoteEntry.js',
    exposes,
    shared: sharedDeps,
    shareStrategy: SHARE_STRATEGY,
    manifest: true,
    dts: false,
  };
}
