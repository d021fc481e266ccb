import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// Components call the real API client; with no API in unit tests every unstubbed request gets
// a 404 body instead of a connection error to a port nobody listens on. Tests that care about
// a request stub fetch themselves.
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ status_code: 'NOT_FOUND', message: 'no API in unit tests' }), { status: 404 })),
  );
});

// Testing Library only auto-cleans when vitest globals are on; they are off here.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});
