// The nanostores every app shares (Module Federation `shared.import` in ../index.mjs): the
// stores the apps build (atom, computed) and what the shared @nanostores/react calls
// (listenKeys). A shared singleton cannot be tree-shaken, and the rest of the package (maps, deep
// maps, tasks, lifecycle hooks, effects) would load on every page. federation.test.ts fails if
// an app or a shared package imports a name missing here.
export { atom, computed, listenKeys } from '@portal/federation-impl/nanostores';
