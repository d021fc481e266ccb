import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@portal/i18n';
import { BlockUi, ModalProvider } from '@portal/ui';

export interface AppProps {
  queryClient: QueryClient;
  router: ReturnType<typeof createBrowserRouter>;
}

/** Providers shared with every remote (react-query, i18n and router are singletons). */
export function App({ queryClient, router }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ModalProvider>
          <RouterProvider router={router} />
        </ModalProvider>
        <BlockUi />
      </I18nextProvider>
    </QueryClientProvider>
  );
}
