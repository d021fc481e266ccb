import { createInstance, getInstance } from '@module-federation/enhanced/runtime';
import type { FederationHost } from './runtime';

/**
 * The build's MF plugin creates the host instance (name portal_shell, shared singletons from
 * packages/federation) before bootstrap runs; outside a federated build (tests, tools)
 * a plain instance is created so the loader still works.
 */
export function federationHost(): FederationHost {
  const instance = getInstance() ?? createInstance({ name: 'portal_shell', remotes: [], shareStrategy: 'loaded-first' });
  return {
    registerRemotes: (remotes, options) => instance.registerRemotes(remotes, options),
    registerPlugins: (plugins) => instance.registerPlugins(plugins),
    loadRemote: <T>(id: string) => instance.loadRemote<T>(id),
  };
}
