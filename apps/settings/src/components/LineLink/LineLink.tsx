import { useState } from 'react';
import { useLocation } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, beginLineFlow } from '@portal/api-client/browser';
import { useShowActionError } from '@portal/content/kit';
import { Button, DateDisplay } from '@portal/ui';

const KEY = ['settings', 'line-link'] as const;

/**
 * Account info's LINE row (shown only when LINE login is configured): link the caller's LINE
 * account (a round trip through LINE, finished on /line-login) or unlink it.
 */
export function LineLink() {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const showError = useShowActionError();
  const linkedNow = (useLocation().state as { notice?: string } | null)?.notice === 'line_linked';
  const [going, setGoing] = useState(false);
  const q = useQuery({ queryKey: KEY, queryFn: async () => (await api.call('lineLinkStatus')).items });
  const unlink = useMutation({
    mutationFn: () => api.call('lineUnlink'),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: KEY }),
    onError: (e) => showError(e),
  });
  if (!q.data?.enabled) return null;
  const link = async () => {
    setGoing(true);
    try {
      await beginLineFlow('link');
    } catch (e) {
      setGoing(false);
      showError(e);
    }
  };
  return (
    <div className="pset-dl__row">
      <dt>{t('account.line')}</dt>
      <dd>
        {q.data.linked ? (
          <>
            {linkedNow && <span role="status">{t('account.line_linked_now')} </span>}
            {t('account.line_linked')}
            {q.data.linked_at !== null && (
              <>
                {' '}
                (<DateDisplay value={q.data.linked_at} />)
              </>
            )}{' '}
            <Button variant="secondary" loading={unlink.isPending} onClick={() => unlink.mutate()}>
              {t('account.line_unlink')}
            </Button>
          </>
        ) : (
          <>
            {t('account.line_not_linked')}{' '}
            <Button variant="secondary" loading={going} onClick={() => void link()}>
              {t('account.line_link')}
            </Button>
          </>
        )}
      </dd>
    </div>
  );
}
