import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, useConfirm, useDocumentTitle, useModal } from '@portal/ui';
import { useShowActionError } from '@portal/content/kit';
import { usePageSize } from '../../api/group';
import { useJoinRequestActions, useJoinRequests } from '../../api/joinRequests';
import { formatDateTime } from '../../lib/format';
import { Pager } from '@portal/ui/kit';
import { DataTable } from '../../components/DataTable';
import { useGroupArea } from '../area/context';

/**
 * members/join-request: pending requests. Inviters see them; deciding is an administrator's right
 * (section 6), so the buttons are disabled for others and the API refuses them too.
 */
export function JoinRequestPage() {
  const { t } = useTranslation('groups');
  const title = t('routes.join_request');
  useDocumentTitle(title);
  const { groupId, rights } = useGroupArea();
  const limit = usePageSize();
  const [page, setPage] = useState(1);
  const list = useJoinRequests(groupId, { page, limit });
  const { approve, approveAll, reject } = useJoinRequestActions(groupId);
  const confirm = useConfirm();
  const modal = useModal();
  const showError = useShowActionError();
  const rows = list.data?.data ?? [];
  const busy = approve.isPending || approveAll.isPending || reject.isPending;
  const canDecide = rights.admin && !busy;

  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      modal.success({ message: success });
    } catch (err) {
      showError(err);
    }
  };

  const onApprove = (id: number, name: string) => run(() => approve.mutateAsync(id), t('join.approved', { name }));
  const onApproveAll = async () => {
    const ok = await confirm({
      message: t('join.approve_all_confirm', { count: list.data?.total ?? 0 }),
      confirmLabel: t('join.approve_all'),
    });
    if (ok) await run(async () => approveAll.mutateAsync(), t('join.approved_all'));
  };
  const onReject = async (id: number, name: string) => {
    const ok = await confirm({ message: t('join.reject_confirm', { name }), confirmLabel: t('join.reject'), destructive: true });
    if (ok) await run(() => reject.mutateAsync(id), t('join.rejected', { name }));
  };

  return (
    <section aria-labelledby="pgrp-join-title">
      <h1 id="pgrp-join-title" className="pui-page-title">
        {title}
      </h1>
      {!rights.admin && <p className="pgrp-muted">{t('join.admin_only_hint')}</p>}
      <DataTable
        status={list}
        rows={rows}
        rowKey={(r) => r.id}
        empty={t('join.empty')}
        above={
          <div className="pgrp-actions pgrp-section">
            <Button disabled={!canDecide} loading={approveAll.isPending} onClick={() => void onApproveAll()}>
              {t('join.approve_all')}
            </Button>
          </div>
        }
        columns={[
          { header: t('join.name'), cell: (r) => r.name },
          { header: t('join.email'), cell: (r) => r.email },
          { header: t('join.requested_at'), cell: (r) => formatDateTime(r.created_at) },
        ]}
        actions={(r) => (
          <>
            <Button size="sm" disabled={!canDecide} onClick={() => void onApprove(r.id, r.name)}>
              {t('join.approve')}
            </Button>
            <Button size="sm" variant="danger" disabled={!canDecide} onClick={() => void onReject(r.id, r.name)}>
              {t('join.reject')}
            </Button>
          </>
        )}
      />
      {list.data && <Pager page={page} lastPage={list.data.last_page} onChange={setPage} />}
    </section>
  );
}
