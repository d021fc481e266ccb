import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ModalProvider } from '@portal/ui';
import CalendarRoutes from './routes';

/**
 * Stand-alone dev harness (`npm run dev -w @portal/calendar`): the remote's routes at the same
 * mount point the shell uses, with the providers the shell would give it.
 */
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <ModalProvider>
          <BrowserRouter>
            <Routes>
              <Route path="/calendar/*" element={<CalendarRoutes />} />
              <Route path="*" element={<Navigate to="/calendar" replace />} />
            </Routes>
          </BrowserRouter>
        </ModalProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
