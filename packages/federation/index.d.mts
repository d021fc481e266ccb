/** Types for index.mjs (plain ESM so Node loads it without a build step). */
export interface SharedDep {
  /**
   * A facade module shared under this key instead of the package itself; `false` in production
   * remotes, which bundle no copy and take the shell's.
   */
  import?: string | false;
  singleton: true;
  version: string;
  requiredVersion: false;
  strictVersion: boolean;
}
export interface RemoteSpec {
  name: 'groups' | 'common-topic' | 'chat' | 'calendar' | 'notifications' | 'settings';
  mount: string;
  devPort: number;
  exposes: string[];
}
export declare const sharedVersions: Record<string, string>;
export declare const sharedDeps: Record<string, SharedDep>;
/** Share keys of the contract's per-domain schema entries (lazy chunks of the shell). */
export declare const SCHEMA_ENTRIES: string[];
export declare const SHARE_STRATEGY: 'loaded-first';
export declare function mfName(remoteName: string): string;
export declare const REMOTES: RemoteSpec[];
export declare function remoteByName(name: string): RemoteSpec;
export interface RemoteFederationOptions {
  name: string;
  filename: 'remoteEntry.js';
  exposes: Record<string, string>;
  shared: Record<string, SharedDep>;
  shareStrategy: 'loaded-first';
  manifest: true;
  dts: false;
  experiments: { externalRuntime: boolean; optimization: { target: 'web'; disableRemote: true } };
}
export declare function remoteFederationOptions(
  name: RemoteSpec['name'],
  exposes: Record<string, string>,
  options?: { production?: boolean },
): RemoteFederationOptions;
export interface HostFederationOptions {
  name: 'portal_shell';
  remotes: Record<string, never>;
  shared: Record<string, SharedDep>;
  shareStrategy: 'loaded-first';
  dts: false;
  experiments: { provideExternalRuntime: true; optimization: { target: 'web' } };
  runtimePlugins: string[];
}
export declare function hostFederationOptions(): HostFederationOptions;
export declare function federationAlias(options?: { remoteProduction?: boolean }): Record<string, string>;
