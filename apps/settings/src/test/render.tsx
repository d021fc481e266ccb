import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ModalProvider } from '@portal/ui';

/** Renders inside the providers the shell gives a remote; returns the QueryClient to inspect. */
export function renderInShell(ui: ReactNode, { path = '/' } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ModalProvider>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </ModalProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
