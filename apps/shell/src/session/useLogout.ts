import { useCallback } from 'react';
import { api } from '@portal/api-client/browser';
import { setLanguage } from '@portal/i18n';
import { logout } from './logout';

/** The logout action for buttons (home menu bar, state pages). */
export function useLogout(): () => Promise<void> {
  return useCallback(() => logout({ api, setLanguage }), []);
}
