import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@portal/i18n';
import { BlockUi, ModalProvider } from '@portal/ui';
import { AppRoutes } from './routes/routes';
import { NavigationBridge } from './session/navigation';

export interface AppProps {
  queryClient: QueryClient;
}

/**
 * Providers shared with every remote (react-query, i18n and router are singletons). A
 * declarative BrowserRouter, not a data router: nothing uses loaders or actions, and the shared
 * react-router then ships without the data router (see the react-router federation facade).
 */
export function App({ queryClient }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ModalProvider>
          <BrowserRouter>
            <NavigationBridge />
            <AppRoutes />
          </BrowserRouter>
        </ModalProvider>
        <BlockUi />
      </I18nextProvider>
    </QueryClientProvider>
  );
}
