import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, useConfirm, useDocumentTitle, useModal } from '@portal/ui';
import { useShowActionError } from '@portal/content/kit';
import { usePageSize } from '../../api/group';
import { useInvitationActions, useInvitations } from '../../api/invitations';
import { formatDateTime } from '../../lib/format';
import { Pager } from '@portal/ui/kit';
import { DataTable } from '../../components/DataTable';
import { useGroupArea } from '../area/context';

/**
 * members/invited: invited addresses with their state (section 4: invited, then expired after
 * 7 days; cancelled; joined). Re-invite sends a fresh link and expiry; stopping a live one and
 * deleting one already stopped or expired both ask first (the same API call does either).
 */
export function InvitedPage() {
  const { t } = useTranslation('groups');
  const title = t('routes.invited');
  useDocumentTitle(title);
  const { groupId } = useGroupArea();
  const limit = usePageSize();
  const [page, setPage] = useState(1);
  const list = useInvitations(groupId, { page, limit });
  const { reinvite, cancel } = useInvitationActions(groupId);
  const confirm = useConfirm();
  const modal = useModal();
  const showError = useShowActionError();

  const onReinvite = async (id: number, email: string) => {
    const ok = await confirm({ message: t('invited.reinvite_confirm', { email }), confirmLabel: t('invited.reinvite') });
    if (!ok) return;
    try {
      await reinvite.mutateAsync(id);
      modal.success({ message: t('invited.reinvited', { email }) });
    } catch (err) {
      showError(err);
    }
  };

  const onCancel = async (id: number, email: string, live: boolean) => {
    const ok = await confirm({
      message: t(live ? 'invited.cancel_confirm' : 'invited.delete_confirm', { email }),
      confirmLabel: t(live ? 'invited.cancel' : 'invited.delete'),
      destructive: true,
    });
    if (!ok) return;
    try {
      const { items } = await cancel.mutateAsync(id);
      modal.success({ message: t(items.result === 'deleted' ? 'invited.deleted' : 'invited.cancelled', { email }) });
    } catch (err) {
      showError(err);
    }
  };

  const rows = list.data?.data ?? [];
  const busy = reinvite.isPending || cancel.isPending;
  return (
    <section aria-labelledby="pgrp-invited-title">
      <h1 id="pgrp-invited-title" className="pui-page-title">
        {title}
      </h1>
      <DataTable
        status={list}
        rows={rows}
        rowKey={(row) => row.id}
        empty={t('invited.empty')}
        columns={[
          { header: t('invited.email'), cell: (row) => row.email },
          {
            header: t('invited.state_label'),
            cell: (row) => <span className={`pgrp-badge pgrp-badge--${row.state}`}>{t(`invited.state.${row.state}`)}</span>,
          },
          {
            header: t('invited.expires_at'),
            cell: (row) => (row.state === 'invited' || row.state === 'expired' ? formatDateTime(row.expires_at) : '—'),
          },
        ]}
        actions={(row) =>
          row.state !== 'accepted' && (
            <>
              <Button size="sm" variant="secondary" disabled={busy} onClick={() => void onReinvite(row.id, row.email)}>
                {t('invited.reinvite')}
              </Button>
              <Button size="sm" variant="danger" disabled={busy} onClick={() => void onCancel(row.id, row.email, row.state === 'invited')}>
                {t(row.state === 'invited' ? 'invited.cancel' : 'invited.delete')}
              </Button>
            </>
          )
        }
      />
      {list.data && <Pager page={page} lastPage={list.data.last_page} onChange={setPage} />}
    </section>
  );
}
