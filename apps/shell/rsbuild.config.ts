import { defineConfig, type Rspack } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { hostFederationOptions, federationAlias, sharedDeps, SCHEMA_ENTRIES } from '@portal/federation';

/**
 * Shared singletons whose code every page waits for goes into one `startup` chunk. Each
 * singleton would otherwise be its own chunk (the share scope loads it by key), with modules the
 * singletons have in common copied into several of them below splitChunks' minimum size: home
 * fetched 25 shell scripts and paid gzip's per-file cost and the copies (~9 KB gzip). Left out:
 * the contract's schema entries (zod and a domain's schemas), which only lazy form pages import,
 * and the full route table (`/routes`), which the client loads on the first call home does not make.
 */
const LAZY_SINGLETONS = new Set(['@portal/api-client/routes', ...SCHEMA_ENTRIES]);
/** How rspack names the module that starts a shared singleton's chunk group (its origin). */
const SHARED_ORIGIN = /^(?:provide|consume) shared module \([^)]*\) (.+?)@/;
type ChunkGraph = Rspack.Compilation['chunkGraph'];

function inStartupSingleton(module: Rspack.Module, { chunkGraph }: { chunkGraph: ChunkGraph }): boolean {
  // The share-scope modules themselves stay where MF put them: the bootstrap chunk consumes
  // through them, and a chunk it needs that waits on the share scope would wait for itself.
  if (SHARED_ORIGIN.test(module.readableIdentifier())) return false;
  for (const chunk of chunkGraph.getModuleChunks(module)) {
    for (const group of chunk.groupsIterable) {
      for (const origin of group.origins) {
        const key = SHARED_ORIGIN.exec(origin.module?.readableIdentifier() ?? '')?.[1];
        if (key && key in sharedDeps && !LAZY_SINGLETONS.has(key)) return true;
      }
    }
  }
  return false;
}

/**
 * The start-up singletons in four chunks rather than one: on a load the browser compiles (or
 * reads the code cache of) each script in a task of its own, and the one 420 KB chunk was a
 * single task of ~100 ms on the main thread here (4x that in Lighthouse's phone, nearly all of
 * it blocking time). react-dom with its scheduler is one module of ~210 KB and stays
 * whole; the rest splits by package. All are preloaded from the HTML, so no round trip is added.
 */
const STARTUP_PARTS: Record<string, RegExp> = {
  'startup-react-dom': /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/,
  'startup-router-query': /[\\/]node_modules[\\/](react-router|@tanstack)[\\/]/,
  'startup-i18n': /[\\/]node_modules[\\/](i18next|react-i18next|dayjs)[\\/]/,
};
const startupPartGroups = Object.fromEntries(
  Object.entries(STARTUP_PARTS).map(([name, pattern]) => [
    name,
    {
      name,
      chunks: 'async' as const,
      enforce: true,
      priority: 60,
      test: (module: Rspack.Module, ctx: { chunkGraph: ChunkGraph }) =>
        pattern.test(module.nameForCondition() ?? '') && inStartupSingleton(module, ctx),
    },
  ]),
);

/**
 * The Module Federation host. It knows no remote at build time: they are registered at runtime
 * from /remotes.json (src/remotes), so a remote deploys or rolls back without rebuilding this.
 */
export default defineConfig({
  plugins: [pluginReact(), pluginModuleFederation(hostFederationOptions())],
  source: { entry: { index: './src/index.ts' } },
  resolve: { alias: federationAlias() },
  html: {
    title: 'グループポータル',
    meta: { viewport: 'width=device-width, initial-scale=1' },
    template: './index.html',
    // The preloads above as low-priority fetches, like the scripts index.js would start: they
    // still start with the HTML, but do not take bandwidth from index.js or the page's first
    // paint (Lighthouse then counts them as it did before: not on the first paint's path).
    tags: [
      (tags) =>
        tags.map((tag) =>
          tag.tag === 'link' && tag.attrs?.rel === 'preload' ? { ...tag, attrs: { ...tag.attrs, fetchpriority: 'low' } } : tag,
        ),
    ],
    mountId: 'root',
  },
  output: {
    distPath: { root: 'dist' },
    // The shell is served at the site root; its chunks must not resolve against /group/… URLs.
    assetPrefix: '/',
    cleanDistPath: true,
  },
  performance: {
    chunkSplit: { strategy: 'split-by-experience' },
    // index.js only starts the bootstrap chunk and the shared `startup*` chunks (React, router,
    // i18n…) after it has downloaded and run: preloaded from the HTML they download alongside
    // it, one round trip earlier (Lighthouse's critical chain on a phone).
    preload: { type: 'async-chunks', include: [/\/(bootstrap|startup(-[a-z0-9-]+)?)\.[0-9a-f]+\.(js|css)$/] },
  },
  tools: {
    rspack: {
      // LIMITS.chunkLoadTimeoutMs (section 9); not imported because the config loads in plain Node.
      output: { chunkLoadTimeout: 120_000 },
      optimization: {
        splitChunks: {
          cacheGroups: {
            // Not the bootstrap chunk itself: it consumes these singletons, so a chunk holding
            // both would wait for itself (as with the share-scope modules, see above).
            startup: { name: 'startup', chunks: 'async', enforce: true, priority: 50, test: inStartupSingleton },
            ...startupPartGroups,
          },
        },
      },
    },
  },
  server: { port: 18400, strictPort: true, historyApiFallback: true },
});
