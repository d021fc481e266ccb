import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { LIMITS } from '@portal/api-client/core';

/**
 * Subresource Integrity for remote entry scripts. remotes.json carries the SHA-384 of each
 * build's remoteEntry.js (computed at publish); the script element the runtime creates for a
 * remote's entry gets that `integrity` and `crossorigin`, so a browser refuses to run a file that
 * was changed after publishing (on a CDN, a shared folder): the load fails and the area shows
 * its fallback. The check follows the remote, not the URL, so a tampered mf-manifest.json that
 * names another entry file is refused too.
 */
export function integrityPlugin(integrityOf: (container: string) => string | undefined): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-integrity-plugin',
    createScript({ url, remoteInfo }) {
      // The spec allows a script 120 s on slow links (the SDK's default entry timeout is 20 s).
      // One plugin answers this hook: the runtime keeps only the last answer.
      const timeout = LIMITS.chunkLoadTimeoutMs;
      const integrity = remoteInfo && sameResource(url, remoteInfo.entry) ? integrityOf(remoteInfo.name) : undefined;
      if (!integrity) return { timeout } as never;
      const script = document.createElement('script');
      script.type = 'text/javascript';
      script.integrity = integrity;
      script.crossOrigin = 'anonymous';
      script.src = url;
      return { script, timeout } as never;
    },
  };
}

function sameResource(a: string, b: string): boolean {
  try {
    const base = globalThis.location?.href ?? 'http://localhost/';
    const ua = new URL(a, base);
    const ub = new URL(b, base);
    return ua.origin === ub.origin && ua.pathname === ub.pathname;
  } catch {
    return a === b;
  }
}
