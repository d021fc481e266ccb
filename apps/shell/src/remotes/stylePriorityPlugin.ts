import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * A remote's stylesheets, inserted by the runtime while it loads an exposed module, are asked for
 * at low fetch priority. Inserted by script, they never block the shell's own first paint (the
 * module renders only once they are in), but at Chromium's default (the highest) a stylesheet in
 * flight counts as render-blocking to Lighthouse's phone simulation: since the start page's code
 * is asked for while the layout first renders (decision 0145), the whole chain before it
 * (remotes.json, the manifest, the entry's start-up chunks) was counted before the first paint.
 * A stylesheet the runtime does not create (or a rel other than stylesheet) is left to it.
 */
export function stylePriorityPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-style-priority-plugin',
    createLink({ url, attrs }) {
      if (attrs?.rel !== 'stylesheet') return undefined;
      const link = document.createElement('link');
      for (const [name, value] of Object.entries(attrs)) link.setAttribute(name, String(value));
      link.setAttribute('href', url);
      link.setAttribute('fetchpriority', 'low');
      return link;
    },
  };
}
