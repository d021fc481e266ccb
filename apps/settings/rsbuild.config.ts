import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { federationAlias, remoteByName, remoteFederationOptions } from '@portal/federation';

/** What this remote exposes to the shell (the contract in packages/federation). */
const exposes = {
  './routes': './src/routes/index.tsx',
  './SettingMenu': './src/widgets/SettingMenu.tsx',
  './Verify': './src/routes/verify/VerifyPage.tsx',
  './Withdraw': './src/routes/withdraw/WithdrawPage.tsx',
  './HelpCenter': './src/routes/help/HelpCenterPage.tsx',
  './HelpCenterDetail': './src/routes/help/HelpCenterDetailPage.tsx',
  './MemberRegister': './src/routes/register/MemberRegisterPage.tsx',
};

export default defineConfig(({ env }) => ({
  plugins: [pluginReact(), pluginModuleFederation(remoteFederationOptions('settings', exposes, { production: env === 'production' }))],
  // The async boundary entry; its page is only a stand-alone dev harness (the shell loads
  // remoteEntry.js / mf-manifest.json).
  source: {
    entry: { index: './src/index.ts' },
    define: { 'process.env.PORTAL_BUILD_LABEL': JSON.stringify(process.env.PORTAL_BUILD_LABEL ?? '') },
  },
  resolve: { alias: federationAlias({ remoteProduction: env === 'production' }) },
  html: { title: 'settings', mountId: 'root' },
  output: {
    distPath: { root: 'dist' },
    // Chunks load from wherever mf-manifest.json was fetched (the versioned /remotes/ folder),
    // not from the shell's origin root.
    assetPrefix: 'auto',
    cleanDistPath: true,
  },
  server: { port: remoteByName('settings').devPort, strictPort: true },
}));
