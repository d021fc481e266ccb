import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { hostFederationOptions, federationAlias } from '@portal/ui/federation';

/**
 * The Module Federation host. It knows no remote at build time: they are registered at runtime
 * from /remotes.json (src/remotes), so a remote deploys or rolls back without rebuilding this.
 */
export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation(hostFederationOptions()),
  ],
  source: { entry: { index: './src/index.ts' } },
  resolve: { alias: federationAlias() },
  html: {
    title: 'グループポータル',
    meta: { viewport: 'width=device-width, initial-scale=1' },
    template: './index.html',
    mountId: 'root',
  },
  output: {
    distPath: { root: 'dist' },
    // The shell is served at the site root; its chunks must not resolve against /group/… URLs.
    assetPrefix: '/',
    cleanDistPath: true,
  },
  performance: { chunkSplit: { strategy: 'split-by-experience' } },
  tools: {
    // LIMITS.chunkLoadTimeoutMs (section 9); not imported because the config loads in plain Node.
    rspack: { output: { chunkLoadTimeout: 120_000 } },
  },
  server: { port: 18400, strictPort: true, historyApiFallback: true },
});
