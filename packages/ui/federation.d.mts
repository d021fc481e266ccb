/** Types for federation.mjs (plain ESM so Node loads it without a build step). */
export interface SharedDep {
  singleton: true;
  version: string;
  requiredVersion: string;
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
}
export declare function remoteFederationOptions(
  name: RemoteSpec['name'],
  exposes: Record<string, string>,
): RemoteFederationOptions;
