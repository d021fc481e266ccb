import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { allMyGroupsQuery, queryKeys } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { Button, EmptyState, Spinner, useDocumentTitle, useModal } from '@portal/ui';
import { OrderList } from './SettingOrderPage.list';
import { draftFrom, moveItem, orderBody, type OrderDraft, type OrderItem } from './SettingOrderPage.model';
import './SettingOrderPage.css';

/**
 * /setting/setting-order: the display order of the user's folders and groups (spec section 2).
 * Same query keys and cache shapes as the groups remote, so saving here refreshes the home list
 * and the navbar menu.
 */
export function SettingOrderPage() {
  const { t } = useTranslation('settings');
  const title = t('pages.setting_order');
  useDocumentTitle(title);
  const modal = useModal();
  const queryClient = useQueryClient();
  const groups = useQuery(allMyGroupsQuery(api));
  const folders = useQuery({
    queryKey: queryKeys.groupFolders(),
    queryFn: async () => (await api.call('groupFolders')).items,
  });
  const [draft, setDraft] = useState<OrderDraft | null>(null);
  const save = useMutation({
    mutationFn: (d: OrderDraft) => api.call('updateGroupOrder', { body: orderBody(d) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['groups'] }),
  });

  const loaded = groups.data && folders.data ? draftFrom(groups.data, folders.data) : null;
  const current = draft ?? loaded;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    try {
      await save.mutateAsync(draft);
      setDraft(null);
      modal.success({ message: t('order.success') });
    } catch {
      // Failures are shown by the shell's global handler (section 8); the draft stays for a retry.
    }
  };

  const update = (change: (d: OrderDraft) => OrderDraft) => current && setDraft(change(current));
  const moveIn =
    (pick: (d: OrderDraft) => OrderItem[], put: (d: OrderDraft, items: OrderItem[]) => OrderDraft) => (index: number, delta: -1 | 1) =>
      update((d) => put(d, moveItem(pick(d), index, delta)));

  let body;
  if (groups.isError || folders.isError) {
    body = (
      <div role="alert" className="pset-order__error">
        <p>{t('order.load_failed')}</p>
        <Button variant="secondary" size="sm" onClick={() => void Promise.all([groups.refetch(), folders.refetch()])}>
          {t('order.retry')}
        </Button>
      </div>
    );
  } else if (!current) {
    body = <Spinner />;
  } else if (current.unfiled.length === 0 && current.folders.length === 0) {
    body = <EmptyState message={t('order.empty')} />;
  } else {
    const hasFolders = current.folders.length > 0;
    body = (
      <form className="pset-order__form" onSubmit={onSubmit}>
        {hasFolders && (
          <section className="pset-order__section">
            <h2 className="pset-order__heading">{t('order.folders_heading')}</h2>
            <OrderList
              label={t('order.folders_heading')}
              items={current.folders}
              onMove={moveIn(
                (d) => d.folders,
                (d, folders) => ({ ...d, folders }),
              )}
            />
          </section>
        )}
        {current.folders.map((f) => {
          const heading = t('order.folder_groups_heading', { name: f.name });
          const items = current.inFolder[f.id] ?? [];
          return (
            <section key={f.id} className="pset-order__section">
              <h2 className="pset-order__heading">{heading}</h2>
              {items.length === 0 ? (
                <p className="pset-order__none">{t('order.empty_folder')}</p>
              ) : (
                <OrderList
                  label={heading}
                  items={items}
                  onMove={moveIn(
                    (d) => d.inFolder[f.id] ?? [],
                    (d, list) => ({ ...d, inFolder: { ...d.inFolder, [f.id]: list } }),
                  )}
                />
              )}
            </section>
          );
        })}
        {current.unfiled.length > 0 && (
          <section className="pset-order__section">
            <h2 className="pset-order__heading">{hasFolders ? t('order.unfiled_heading') : t('order.groups_heading')}</h2>
            <OrderList
              label={hasFolders ? t('order.unfiled_heading') : t('order.groups_heading')}
              items={current.unfiled}
              onMove={moveIn(
                (d) => d.unfiled,
                (d, unfiled) => ({ ...d, unfiled }),
              )}
            />
          </section>
        )}
        <div className="pset-form__actions">
          <Button type="submit" loading={save.isPending} disabled={!draft}>
            {t('order.submit')}
          </Button>
          <Button variant="secondary" disabled={!draft || save.isPending} onClick={() => setDraft(null)}>
            {t('order.reset')}
          </Button>
          {draft && (
            <span className="pset-order__unsaved" role="status">
              {t('order.unsaved')}
            </span>
          )}
        </div>
      </form>
    );
  }

  return (
    <section className="pset-page" aria-labelledby="pset-order-title">
      <h1 id="pset-order-title" className="pui-page-title">
        {title}
      </h1>
      <p className="pset-order__description">{t('order.description')}</p>
      {body}
    </section>
  );
}
