import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, Spinner } from '@portal/ui';
import { useErrorStrings } from '@portal/ui/kit';
import { useAllMyGroups, useGroupFolders } from '../../api/groupList';
import { FolderList } from './FolderList';
import { GroupAssignments } from './GroupAssignments';
import { inlineErrorMessage } from './mutationError';
import './FolderManager.css';

/**
 * The "manage folders" dialog of the home group list: the user's folders (create, rename,
 * delete) and, for each group, its folder and mute switch. Every change is saved at once and
 * the lists refetch, so the home list and navbar menu follow without a page reload.
 */
export function FolderManager({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['groupMenuTools', 'groupMenu'], { nsMode: 'fallback' });
  const titleId = useId();
  const descriptionId = useId();
  const folders = useGroupFolders();
  const groups = useAllMyGroups();
  const [error, setError] = useState<string | null>(null);
  // The `errors` strings load from the dialog's opening; a refusal before they are in waits.
  const errorStrings = useErrorStrings();
  const onError = (err: unknown) => errorStrings.afterLoad(() => setError(inlineErrorMessage(errorStrings.t, err)));
  const failed = folders.isError || groups.isError;

  return (
    <Dialog titleId={titleId} descriptionId={descriptionId} onDismiss={onClose} className="pgrp-manager">
      <h2 id={titleId} className="pui-modal__title">
        {t('folders.title')}
      </h2>
      <div id={descriptionId} className="pgrp-manager__body">
        {error && (
          <p className="pgrp-manager__error" role="alert">
            {error}
          </p>
        )}
        {failed ? (
          <div className="pgrp-manager__error" role="alert">
            <p>{t('folders.load_failed')}</p>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                void folders.refetch();
                void groups.refetch();
              }}
            >
              {t('list.retry')}
            </Button>
          </div>
        ) : (
          <>
            <section aria-labelledby={`${titleId}-folders`}>
              <h3 id={`${titleId}-folders`} className="pgrp-manager__heading">
                {t('folders.folders_heading')}
              </h3>
              {folders.data ? <FolderList folders={folders.data} onError={onError} /> : <Spinner size="sm" />}
            </section>
            <section aria-labelledby={`${titleId}-groups`}>
              <h3 id={`${titleId}-groups`} className="pgrp-manager__heading">
                {t('folders.groups_heading')}
              </h3>
              {folders.data && groups.data ? (
                <GroupAssignments groups={groups.data} folders={folders.data} onError={onError} />
              ) : (
                <Spinner size="sm" label={t('folders.groups_loading')} />
              )}
            </section>
          </>
        )}
      </div>
      <div className="pui-modal__actions">
        <Button variant="secondary" onClick={onClose}>
          {t('folders.close')}
        </Button>
      </div>
    </Dialog>
  );
}
