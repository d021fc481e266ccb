// useTranslation for the shared react-i18next facade (react-i18next.mjs), cheaper per component.
//
// react-i18next's hook does per-component work that is the same for every component using
// one namespace: it builds a fixed `t` (whose every call spreads i18next's full options object),
// merges its options, stringifies the namespace list and subscribes to the instance's events on
// its own (17 also copied the instance's property descriptors into a wrapper; 18 wraps it in a
// Proxy). Home mounts a few hundred such components; in a profile of its start-up (17) that was
// ~10 % of the main thread.
// Here the snapshot — `t`, readiness — is built once per instance, language and namespace list
// and shared; one listener per instance fans out to the components. `t` called with a key and
// no options (labels, most of the UI) answers from a cache kept until the language or the
// resources change.
//
// Same contract as react-i18next for what the portal uses: `[t, i18n, ready]` with those names,
// suspends until the namespaces are loaded (`useSuspense` is on, see @portal/i18n), re-renders
// on `languageChanged`, `nsMode: 'fallback'`. Any other option goes to react-i18next's own hook;
// options are literals at each call site, so one component never switches between the two.
// The `i18n` returned is the instance itself (react-i18next 18 returns a per-language Proxy that
// forwards to it; the portal reads only `language` and `t` from it, while rendering).
import { useContext, useSyncExternalStore } from 'react';

const LEAN_OPTIONS = new Set(['nsMode']);

/** Whether `props` asks for nothing this hook does not implement itself. */
function leanOptions(props) {
  if (props === undefined) return true;
  for (const key in props) if (!LEAN_OPTIONS.has(key)) return false;
  return true;
}

/** Per i18next instance: snapshots by namespace list, and the listeners to notify on language change. */
const states = new WeakMap();

function stateOf(i18n) {
  let state = states.get(i18n);
  if (state) return state;
  const listeners = new Set();
  state = {
    snapshots: new Map(),
    // Moves when resources are added or removed: a cached label may have been a missing key.
    resourceVersion: 0,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  i18n.on('languageChanged', () => {
    state.snapshots.clear();
    for (const listener of [...listeners]) listener();
  });
  const bump = () => {
    state.resourceVersion += 1;
  };
  i18n.store.on('added', bump);
  i18n.store.on('removed', bump);
  states.set(i18n, state);
  return state;
}

function namespacesReady(i18n, namespaces) {
  if (!i18n.isInitialized && !i18n.initializedStoreOnce) return false;
  // As react-i18next: an instance without languages yet counts as ready.
  if (!i18n.languages || !i18n.languages.length) return true;
  return namespaces.every((ns) => i18n.hasLoadedNamespace(ns));
}

/** `base` with option-less string keys answered from a cache (see the file comment). */
function cachedT(base, state) {
  const cache = new Map();
  let version = state.resourceVersion;
  const t = (key, options, ...rest) => {
    if (options !== undefined || rest.length !== 0 || typeof key !== 'string') return base(key, options, ...rest);
    if (version !== state.resourceVersion) {
      cache.clear();
      version = state.resourceVersion;
    }
    let value = cache.get(key);
    if (value === undefined) {
      value = base(key);
      cache.set(key, value);
    }
    return value;
  };
  t.lng = base.lng;
  t.lngs = base.lngs;
  t.ns = base.ns;
  t.keyPrefix = base.keyPrefix;
  return t;
}

function snapshotFor(i18n, state, key, namespaces, fallback) {
  const cached = state.snapshots.get(key);
  if (cached && cached.ready) return cached;
  const ready = namespacesReady(i18n, namespaces);
  if (cached && cached.ready === ready) return cached;
  const base = i18n.getFixedT(i18n.language, fallback ? namespaces : namespaces[0], undefined, { scopeNs: namespaces });
  const t = cachedT(base, state);
  const ret = [t, i18n, ready];
  ret.t = t;
  ret.i18n = i18n;
  ret.ready = ready;
  const snapshot = {
    ready,
    ret,
    // One load shared by every component suspended on these namespaces; settles either way
    // (a failed load counts as loaded, and the fallback language shows).
    pending: ready ? null : i18n.loadNamespaces(namespaces).catch(() => undefined),
  };
  state.snapshots.set(key, snapshot);
  return snapshot;
}

/**
 * Builds the hook from react-i18next's pieces (the facade passes the package's own; tests pass
 * the npm package's).
 */
export function createUseTranslation({ I18nContext, getI18n, useFullTranslation }) {
  return function useTranslation(ns, props) {
    const context = useContext(I18nContext);
    const i18n = context?.i18n ?? getI18n();
    // A missing instance or an option this hook does not implement: react-i18next's own hook.
    // Both are fixed for a call site, so the hooks called stay the same from render to render.
    // biome-ignore lint/correctness/useHookAtTopLevel: the condition is fixed for a call site (see above)
    if (!i18n || !leanOptions(props) || i18n.options?.react?.useSuspense === false) return useFullTranslation(ns, props);
    const state = stateOf(i18n);
    const list = ns ?? context?.defaultNS ?? i18n.options.defaultNS ?? 'translation';
    const namespaces = typeof list === 'string' ? [list] : list;
    const fallback = props?.nsMode === 'fallback';
    const key = `${fallback ? 'f' : 'd'}\u0001${namespaces.join('\u0001')}`;
    const getSnapshot = () => snapshotFor(i18n, state, key, namespaces, fallback);
    // biome-ignore lint/correctness/useHookAtTopLevel: the early return above is fixed for a call site
    const snapshot = useSyncExternalStore(state.subscribe, getSnapshot, getSnapshot);
    if (!snapshot.ready) throw snapshot.pending;
    return snapshot.ret;
  };
}
