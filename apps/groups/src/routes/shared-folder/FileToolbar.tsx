import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@portal/ui';
import type { FileFolder } from '../../api/files';
import { useFileActions } from './useFileActions';

interface Props {
  groupId: number;
  view: string;
  selected: number[];
  folders: FileFolder[];
  canEdit: boolean;
  isAdmin: boolean;
  binCount: number;
  onDone: () => void;
}

/** Actions on the selected files; which ones depends on the list (the bin restores or deletes). */
export function FileToolbar({ groupId, view, selected, folders, canEdit, isAdmin, binCount, onDone }: Props) {
  const { t } = useTranslation('files');
  const actions = useFileActions(groupId, onDone);
  const [target, setTarget] = useState('');
  const none = selected.length === 0 || actions.busy;
  const inBin = view === 'bin';

  return (
    <div className="pfile-toolbar" role="toolbar" aria-label={t('actions.label')}>
      <span className="pfile-muted">{t('list.selected', { count: selected.length })}</span>
      {!inBin && (
        <Button size="sm" variant="secondary" disabled={none} onClick={() => actions.downloadZip(selected)}>
          {t('actions.download_zip')}
        </Button>
      )}
      {canEdit && !inBin && view !== 'attachments' && (
        <>
          <label>
            {t('actions.move_target')}
            <select value={target} onChange={(e) => setTarget(e.target.value)}>
              <option value="">{t('actions.choose')}</option>
              <option value="unclassified">{t('tabs.unclassified_name')}</option>
              {folders.map((f) => (
                <option key={f.id} value={String(f.id)}>
                  {f.name}
                </option>
              ))}
            </select>
          </label>
          <Button
            size="sm"
            variant="secondary"
            disabled={none || !target}
            onClick={() => {
              const folder = folders.find((f) => String(f.id) === target);
              void actions.moveTo(selected, folder ? folder.id : null, folder ? folder.name : t('tabs.unclassified_name'));
            }}
          >
            {t('actions.move')}
          </Button>
          <Button size="sm" variant="danger" disabled={none} onClick={() => actions.toBin(selected)}>
            {t('actions.to_bin')}
          </Button>
        </>
      )}
      {canEdit && inBin && (
        <>
          <Button size="sm" variant="secondary" disabled={none} onClick={() => actions.moveTo(selected, null, t('tabs.unclassified_name'))}>
            {t('actions.restore')}
          </Button>
          <Button size="sm" variant="danger" disabled={none} onClick={() => actions.deleteForGood(selected)}>
            {t('actions.delete')}
          </Button>
        </>
      )}
      {isAdmin && inBin && (
        <Button size="sm" variant="danger" disabled={binCount === 0 || actions.busy} onClick={() => actions.emptyBin()}>
          {t('actions.empty_bin')}
        </Button>
      )}
    </div>
  );
}
