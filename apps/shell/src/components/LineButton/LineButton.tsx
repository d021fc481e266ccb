import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, beginLineFlow } from '@portal/api-client/browser';
import { AuthError } from '../AuthError';

export const LINE_CONFIG_KEY = ['auth', 'line-login', 'config'] as const;

/** Is LINE login configured on this portal (the button is shown only then). */
export function useLineEnabled(): boolean {
  const { data } = useQuery({
    queryKey: LINE_CONFIG_KEY,
    queryFn: async () => (await api.call('lineLoginConfig')).items,
    staleTime: Infinity,
    retry: false,
  });
  return data?.enabled === true;
}

/** "Log in with LINE": asks the API for LINE's URL (state, nonce, PKCE made there) and goes. */
export function LineButton() {
  const { t } = useTranslation(['auth', 'errors']);
  const enabled = useLineEnabled();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  if (!enabled) return null;
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      await beginLineFlow('login');
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };
  return (
    <div className="shell-line-login">
      <button type="button" className="shell-button shell-button--line" disabled={busy} onClick={() => void start()}>
        {t('links.line_login')}
      </button>
      <AuthError error={error} />
    </div>
  );
}
