import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminNewsItem } from '@portal/api-client/core';
import { Button, DateDisplay, EmptyState, Spinner, useConfirm, useDocumentTitle } from '@portal/ui';
import { useAdminNews, useMe, useNewsActions } from '../../api/newsAdmin';
import { NewsForm } from './NewsForm';
import '../../notifications.css';

/** /notification/news-admin: the company administrator posts, edits and withdraws CMS news. */
export default function NewsAdminPage() {
  const { t } = useTranslation(['notificationPages', 'notifications'], { nsMode: 'fallback' });
  const title = t('news.admin.title');
  useDocumentTitle(title);
  const me = useMe();
  const isAdmin = me.data?.info.is_company_admin === true;
  return (
    <section className="pntf-page" aria-labelledby="pntf-news-admin">
      <h1 id="pntf-news-admin" className="pui-page-title">
        {title}
      </h1>
      {me.isPending ? <Spinner /> : isAdmin ? <AdminBody /> : <p role="alert">{t('news.admin.forbidden')}</p>}
    </section>
  );
}

function AdminBody() {
  const { t } = useTranslation(['notificationPages', 'notifications'], { nsMode: 'fallback' });
  const list = useAdminNews(1, 50);
  const { save, withdraw } = useNewsActions();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<AdminNewsItem | 'new' | null>(null);
  if (editing !== null) {
    return (
      <NewsForm
        item={editing === 'new' ? null : editing}
        pending={save.isPending}
        error={save.error}
        onCancel={() => {
          save.reset();
          setEditing(null);
        }}
        onSave={(body) => save.mutate({ id: editing === 'new' ? null : editing.id, body }, { onSuccess: () => setEditing(null) })}
      />
    );
  }
  const items = list.data?.data ?? [];
  return (
    <div className="pntf-list">
      <Button onClick={() => setEditing('new')}>{t('news.admin.create')}</Button>
      {list.isPending ? (
        <Spinner />
      ) : items.length === 0 ? (
        <EmptyState message={t('news.admin.empty')} />
      ) : (
        <ul className="pntf-list__items" aria-label={t('news.admin.title')}>
          {items.map((n) => (
            <li key={n.id} className="pntf-row" data-testid="admin-news-row">
              <div className="pntf-row__body">
                <p className="pntf-row__title-text">{n.title}</p>
                <p className="pntf-row__meta">
                  {t(`news.admin.placement.${n.placement}`)}
                  {n.group_name && ` · ${n.group_name}`}
                  {' · '}
                  {t(`news.admin.display.${n.display_type}`)}
                  {' · '}
                  <DateDisplay value={n.updated_at} />
                  {n.withdrawn_at !== null && ` · ${t('news.admin.withdrawn')}`}
                </p>
              </div>
              {n.withdrawn_at === null && (
                <>
                  <Button size="sm" variant="secondary" onClick={() => setEditing(n)}>
                    {t('news.admin.edit')}
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    onClick={() =>
                      void confirm({ message: t('news.admin.withdraw_confirm', { title: n.title }), destructive: true }).then(
                        (yes) => yes && withdraw.mutate(n.id),
                      )
                    }
                  >
                    {t('news.admin.withdraw')}
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
