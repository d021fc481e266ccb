import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// Binds the shared i18n instance to react-i18next, as the shell does at start-up,
// and fills it with every namespace, which the portal loads per page on demand.
import { loadAllStrings } from '@portal/i18n/testing';

loadAllStrings();

// A page's code arrives through a dynamic import (routes/index.tsx), which the test runner
// answers slowly on a busy machine: waits get longer than the default second (a page that never
// comes still fails them).
configure({ asyncUtilTimeout: 5_000 });

// Testing Library only auto-cleans when vitest globals are on; they are off here.
afterEach(() => {
  cleanup();
});
