/**
 * TanStack Query keys, one factory per domain, so invalidation after a mutation names the same
 * key the list used.
 */
export const queryKeys = {
  me: () => ['me'] as const,
  settings: () => ['me', 'settings'] as const,
  groupCheck: () => ['me', 'group-check'] as const,
  policy: (kind: 'privacy' | 'terms', lang: string) => ['policy', kind, lang] as const,
  remotes: () => ['remotes'] as const,
};
