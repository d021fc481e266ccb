import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ModalProvider } from './modal/ModalProvider';

/**
 * Stand-alone dev harness for a remote (`npm run dev -w @portal/<remote>`): mounts the remote's
 * `./routes` component at the path the shell mounts it on, with the providers the shell would
 * give it. API calls need a session, so for real use open the remote through the shell.
 */
export function mountRemoteDevHarness(RemoteRoutes: ComponentType, basePath: string): void {
  const container = document.getElementById('root');
  if (!container) return;
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <ModalProvider>
          <BrowserRouter>
            <Routes>
              <Route path={`${basePath}/*`} element={<RemoteRoutes />} />
              <Route path="*" element={<Navigate to={basePath} replace />} />
            </Routes>
          </BrowserRouter>
        </ModalProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
