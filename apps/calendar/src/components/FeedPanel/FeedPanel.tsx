import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CALENDAR_QUERY_ROOT } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { Button, useConfirm, useModal } from '@portal/ui';

const KEY = [...CALENDAR_QUERY_ROOT, 'feed'];

/** The personal iCalendar feed: issue (the URL is shown once), re-issue or revoke it. */
export function FeedPanel() {
  const { t } = useTranslation(['calendarPages', 'calendar'], { nsMode: 'fallback' });
  const qc = useQueryClient();
  const confirm = useConfirm();
  const modal = useModal();
  const [url, setUrl] = useState<string | null>(null);
  const status = useQuery({ queryKey: KEY, queryFn: async () => (await api.call('calendarFeed')).items.active });
  const create = useMutation({
    mutationFn: async () => (await api.call('createCalendarFeed')).items.url,
    onSuccess: (u) => {
      setUrl(u);
      void qc.invalidateQueries({ queryKey: KEY });
    },
  });
  const revoke = useMutation({
    mutationFn: () => api.call('revokeCalendarFeed'),
    onSuccess: () => {
      setUrl(null);
      modal.success({ message: t('feed.revoked') });
      void qc.invalidateQueries({ queryKey: KEY });
    },
  });
  const onRevoke = async () => {
    if (await confirm({ title: t('feed.revoke'), message: t('feed.revoke_confirm'), confirmLabel: t('feed.revoke'), destructive: true }))
      revoke.mutate();
  };

  return (
    <section className="pcal-feed" aria-labelledby="pcal-feed-title">
      <h2 id="pcal-feed-title" className="pcal-widget__title">
        {t('feed.title')}
      </h2>
      <p>{t('feed.lead')}</p>
      {url ? (
        <label className="pcal-feed__url">
          {t('feed.url_label')}
          <input className="pui-input" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        </label>
      ) : (
        <p>{status.data ? t('feed.active') : t('feed.none')}</p>
      )}
      <div className="pcal-actions">
        <Button size="sm" variant="secondary" loading={create.isPending} onClick={() => create.mutate()}>
          {status.data ? t('feed.recreate') : t('feed.create')}
        </Button>
        {status.data ? (
          <Button size="sm" variant="danger" loading={revoke.isPending} onClick={() => void onRevoke()}>
            {t('feed.revoke')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
