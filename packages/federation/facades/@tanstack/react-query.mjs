// The @tanstack/react-query every app shares (Module Federation `shared.import` in
// ../../index.mjs). A shared singleton cannot be tree-shaken (a remote may use any export),
// so the whole package with query-core (hydration, streamed queries, useQueries, suspense and
// prefetch hooks) would load on every page. This module shares the client, the provider and the
// hooks the apps use. federation.test.ts fails if any app imports a name missing here; add it
// here (all apps rebuild) rather than importing around the facade.
export {
  MutationCache,
  QueryCache,
  QueryClient,
  QueryClientProvider,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@portal/federation-impl/@tanstack/react-query';
