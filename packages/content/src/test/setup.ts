import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
// Binds the shared i18n instance to react-i18next, as importing @portal/ui does in the apps,
// and fills it with every namespace, which the portal loads per page on demand.
import { loadAllStrings } from '@portal/i18n/testing';

loadAllStrings();

// Testing Library only auto-cleans when vitest globals are on; they are off here.
afterEach(() => cleanup());
