import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, useConfirm, useModal } from '@portal/ui';
import { useShowActionError } from '@portal/content/kit';
import { useFeedActions, type TopicFolder } from '../../api/topics';

interface FeedToolbarProps {
  groupId: number;
  inBin: boolean;
  isAdmin: boolean;
  binCount: number;
  folders: TopicFolder[];
  selected: number[];
  onDone: () => void;
}

/** Bulk actions on the selected topics; everything that removes a topic asks first. */
export function FeedToolbar({ groupId, inBin, isAdmin, binCount, folders, selected, onDone }: FeedToolbarProps) {
  const { t } = useTranslation('topics');
  const actions = useFeedActions(groupId);
  const confirm = useConfirm();
  const modal = useModal();
  const showError = useShowActionError();
  const [target, setTarget] = useState('');
  const none = selected.length === 0;
  const n = selected.length;

  const run = async (action: () => Promise<unknown>, confirmMessage?: string, confirmLabel?: string) => {
    if (confirmMessage && !(await confirm({ message: confirmMessage, confirmLabel, destructive: true }))) return;
    try {
      await action();
      onDone();
      modal.success({ message: t('feed.done') });
    } catch (err) {
      showError(err);
    }
  };

  const move = () => {
    if (target === 'unclassified') return run(() => actions.moveToUnclassified.mutateAsync(selected));
    const folderId = Number(target);
    if (folderId > 0) return run(() => actions.moveToFolder.mutateAsync({ ids: selected, folderId }));
    return undefined;
  };

  return (
    <div className="ptop-toolbar" role="group" aria-label={t('feed.toolbar_label')}>
      <span className="pgrp-muted">{t('feed.selected', { count: n })}</span>
      {inBin ? (
        <>
          <Button
            variant="secondary"
            size="sm"
            disabled={none}
            onClick={() => void run(() => actions.moveToUnclassified.mutateAsync(selected))}
          >
            {t('feed.restore')}
          </Button>
          <Button
            variant="danger"
            size="sm"
            disabled={none}
            onClick={() =>
              void run(() => actions.deleteInBin.mutateAsync(selected), t('feed.delete_confirm', { count: n }), t('feed.delete'))
            }
          >
            {t('feed.delete')}
          </Button>
          {isAdmin && (
            <Button
              variant="danger"
              size="sm"
              disabled={binCount === 0}
              onClick={() => void run(() => actions.emptyBin.mutateAsync(undefined), t('feed.empty_bin_confirm'), t('feed.empty_bin'))}
            >
              {t('feed.empty_bin')}
            </Button>
          )}
        </>
      ) : (
        <>
          <label className="ptop-inline-field">
            <span>{t('feed.move_target')}</span>
            <select className="pui-input pui-select" value={target} onChange={(e) => setTarget(e.target.value)}>
              <option value="">{t('feed.move_pick')}</option>
              <option value="unclassified">{t('feed.tab.unclassified')}</option>
              {folders.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </select>
          </label>
          <Button variant="secondary" size="sm" disabled={none || target === ''} onClick={() => void move()}>
            {t('feed.move')}
          </Button>
          <Button
            variant="danger"
            size="sm"
            disabled={none}
            onClick={() => void run(() => actions.moveToBin.mutateAsync(selected), t('feed.bin_confirm', { count: n }), t('feed.to_bin'))}
          >
            {t('feed.to_bin')}
          </Button>
        </>
      )}
    </div>
  );
}
