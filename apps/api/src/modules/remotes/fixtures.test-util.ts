import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mfName, sharedVersions } from '@portal/federation';
import { createDb, migrateToLatest, type DbHandle } from '../../db';
import { createPgDatabase, type TestDialect } from '../../test/harness';

/**
 * A throwaway repository root and DATA_DIR for deploy tests: small fake builds shaped like real
 * rsbuild + Module Federation output (mf-manifest.json, remoteEntry.js, hashed chunks).
 */
export interface Sandbox {
  rootDir: string;
  dataDir: string;
  /** The registry database (SQLite file under dataDir, or a fresh PostgreSQL database). */
  registry: DbHandle;
  cleanup(): Promise<void>;
}

export async function makeSandbox(dialect: TestDialect = 'sqlite'): Promise<Sandbox> {
  const base = await mkdtemp(path.join(tmpdir(), 'portal-remotes-'));
  const rootDir = path.join(base, 'repo');
  const dataDir = path.join(base, 'data');
  await mkdir(dataDir, { recursive: true });
  const pg = dialect === 'postgres' ? await createPgDatabase(undefined, { migrated: true }) : null;
  const registry = createDb({ dataDir, databaseUrl: pg?.url });
  await migrateToLatest(registry.db);
  return {
    rootDir,
    dataDir,
    registry,
    async cleanup() {
      await registry.destroy();
      await pg?.drop();
      await rm(base, { recursive: true, force: true });
    },
  };
}

type Shared = Record<string, string>;

const defaultShared = (): Shared => ({
  react: sharedVersions.react!,
  'react/jsx-runtime': sharedVersions.react!,
  'react-router': sharedVersions['react-router']!,
  '@tanstack/react-query': sharedVersions['@tanstack/react-query']!,
});

function manifestJson(container: string, shared: Shared, pkgVersion: string) {
  return {
    id: container,
    name: container,
    metaData: {
      name: container,
      globalName: container,
      buildInfo: { buildVersion: pkgVersion, buildName: container },
      publicPath: 'auto',
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      types: { path: '', name: '', zip: '', api: '' },
      pluginVersion: '2.9.2',
    },
    shared: Object.entries(shared).map(([name, version]) => ({
      id: `${container}:${name}`,
      name,
      version: version.replace(/^\^/, ''),
      singleton: true,
      requiredVersion: version.startsWith('^') ? version : `^${version}`,
      assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
    })),
    remotes: [],
    exposes: [
      {
        id: `${container}:routes`,
        name: 'routes',
        path: './routes',
        assets: { js: { sync: ['static/js/async/__federation_expose_routes.js'], async: [] }, css: { sync: [], async: [] } },
      },
    ],
  };
}

/**
 * Writes apps/<name>/dist. `body` stands for the compiled code: change it to get a new build.
 * `shared` maps singleton → version or required range (`^18.3.1`).
 */
export async function writeBuild(
  sb: Sandbox,
  name: string,
  opts: { body?: string; shared?: Shared; pkgVersion?: string } = {},
): Promise<string> {
  const pkgVersion = opts.pkgVersion ?? '0.1.0';
  const app = path.join(sb.rootDir, 'apps', name);
  const dist = path.join(app, 'dist');
  await rm(dist, { recursive: true, force: true });
  await mkdir(path.join(dist, 'static', 'js', 'async'), { recursive: true });
  await writeFile(path.join(app, 'package.json'), JSON.stringify({ name: `@portal/${name}`, version: pkgVersion }));
  const container = mfName(name);
  await writeFile(
    path.join(dist, 'mf-manifest.json'),
    JSON.stringify(manifestJson(container, opts.shared ?? defaultShared(), pkgVersion), null, 2),
  );
  await writeFile(path.join(dist, 'remoteEntry.js'), `var ${container};/* ${opts.body ?? 'v1'} */`);
  await writeFile(path.join(dist, 'static', 'js', 'async', '__federation_expose_routes.js'), `/* ${opts.body ?? 'v1'} */`);
  return dist;
}

/** apps/shell/dist with a manifest listing the singletons it provides, and an index.html. */
export async function writeShell(sb: Sandbox, shared: Shared = defaultShared()): Promise<void> {
  const dist = path.join(sb.rootDir, 'apps', 'shell', 'dist');
  await mkdir(path.join(dist, 'static', 'js'), { recursive: true });
  await writeFile(path.join(dist, 'mf-manifest.json'), JSON.stringify(manifestJson('portal_shell', shared, '0.1.0')));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  await writeFile(path.join(dist, 'static', 'js', 'index.1a2b3c4d.js'), 'console.log("shell")');
  await writeFile(path.join(dist, 'favicon.ico'), 'ico');
}
