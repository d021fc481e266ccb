import { useTranslation } from 'react-i18next';
import { ApiAvatar } from '@portal/content/kit';
import type { GroupListItem } from '@portal/api-client/core';

import { useGroupNotification, useMoveGroupToFolder, type GroupFolder } from '../../api/groupList';

interface Props {
  groups: GroupListItem[];
  folders: GroupFolder[];
  onError: (err: unknown) => void;
}

/** Each group's folder (or unfiled) and whether the user gets its notifications. */
export function GroupAssignments({ groups, folders, onError }: Props) {
  const { t } = useTranslation(['groupMenuTools', 'groupMenu'], { nsMode: 'fallback' });
  const move = useMoveGroupToFolder();
  const notify = useGroupNotification();
  const busy = (groupId: number) =>
    (move.isPending && move.variables?.groupId === groupId) || (notify.isPending && notify.variables?.groupId === groupId);

  return (
    <ul className="pgrp-assign">
      {groups.map((g) => (
        <li key={g.id} className="pgrp-assign__item" aria-busy={busy(g.id) || undefined}>
          <span className="pgrp-assign__group">
            <ApiAvatar src={g.icon_image_small_path} name={g.name} size="xs" />
            <span className="pgrp-assign__name">{g.name}</span>
          </span>
          <select
            className="pui-input pgrp-assign__folder"
            aria-label={t('folders.folder_of', { name: g.name })}
            value={g.folder?.id ?? ''}
            disabled={busy(g.id)}
            onChange={(e) => {
              const folderId = e.target.value === '' ? null : Number(e.target.value);
              move.mutate({ groupId: g.id, folderId }, { onError });
            }}
          >
            <option value="">{t('folders.unfiled')}</option>
            {folders.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
          <label className="pgrp-assign__notify">
            <input
              type="checkbox"
              checked={g.can_notify}
              disabled={busy(g.id)}
              aria-label={t('folders.notify_of', { name: g.name })}
              onChange={(e) => notify.mutate({ groupId: g.id, canNotify: e.target.checked }, { onError })}
            />
            <span aria-hidden="true">{t('folders.notify')}</span>
          </label>
        </li>
      ))}
    </ul>
  );
}
