import { afterEach, beforeEach, vi } from 'vitest';
import { api } from '@portal/api-client/browser';
import { closeModal } from '@portal/ui';
import { FakeXhr } from '@portal/content/files/testing';
import { call } from '../test-utils';

/** The mocked `api.request` (downloads, thumbnails); test files mock the module themselves. */
export const request = () => vi.mocked(api.request);

/** Fresh mocks, no modal and a stand-in XMLHttpRequest for every test of a file page. */
export function resetFileTestDoubles() {
  beforeEach(() => {
    call().mockReset();
    request().mockReset();
    closeModal();
    FakeXhr.all = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
