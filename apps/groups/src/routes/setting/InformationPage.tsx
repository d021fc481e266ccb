import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, IconImage, LetterColor } from '@portal/api-client/core';
import { Button, useConfirm, useDocumentTitle, useModal } from '@portal/ui';
import { useShowActionError } from '@portal/content/kit';
import { hasOtherAdmin, useLeaveGroup } from '../../api/members';
import { formatDateTime } from '../../lib/format';
import { StorageMeter } from '../../components/StorageMeter';
import { groupPath, useGroupArea } from '../area/context';

/** setting/information: the group's basic information, the edit entry and leaving the group. */
export function InformationPage() {
  const { t } = useTranslation('groups');
  const title = t('routes.setting_information');
  useDocumentTitle(title);
  const { groupId, group, rights } = useGroupArea();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const modal = useModal();
  const showError = useShowActionError();
  const leave = useLeaveGroup(groupId);

  const onLeave = async () => {
    // The last administrator of a group with other members must appoint one first (section 8):
    // said before the confirmation rather than after it. Alone in the group, the API's
    // ONLY_ONE_MEMBER answer below says the rest.
    if (rights.admin && group.member_count > 1) {
      try {
        if (!(await hasOtherAdmin(groupId))) {
          showError(new ApiError(400, 'MUST_APPOINT_ADMIN', 'must appoint an administrator'));
          return;
        }
      } catch (err) {
        showError(err);
        return;
      }
    }
    const ok = await confirm({
      title: t('leave.title'),
      message: t('leave.confirm', { name: group.name }),
      confirmLabel: t('leave.submit'),
      destructive: true,
    });
    if (!ok) return;
    try {
      await leave.mutateAsync();
      modal.success({ message: t('leave.done', { name: group.name }) });
      void navigate('/', { replace: true });
    } catch (err) {
      // MUST_APPOINT_ADMIN and ONLY_ONE_MEMBER come back as 400 and are shown as they are.
      showError(err);
    }
  };

  const iconKey = group.icon_image === IconImage.FILE_UPLOAD ? 'upload' : group.icon_image === IconImage.NONE ? 'none' : 'default';
  return (
    <section aria-labelledby="pgrp-info-title">
      <h1 id="pgrp-info-title" className="pui-page-title">
        {title}
      </h1>
      <dl className="pgrp-dl pgrp-section">
        <dt>{t('info.name')}</dt>
        <dd>{group.name}</dd>
        <dt>{t('info.icon')}</dt>
        <dd>{t(`info.icon_kind.${iconKey}`)}</dd>
        <dt>{t('info.letter_color')}</dt>
        <dd>{t(group.letter_color === LetterColor.BLACK ? 'info.black' : 'info.white')}</dd>
        <dt>{t('info.notice')}</dt>
        <dd>{group.notice || '—'}</dd>
        <dt>{t('info.tags')}</dt>
        <dd>{group.group_tags.length > 0 ? group.group_tags.join('、') : '—'}</dd>
        <dt>{t('info.auto_delete_day')}</dt>
        <dd>{t('info.days', { count: group.auto_delete_day })}</dd>
        <dt>{t('info.max_attachment')}</dt>
        <dd>{t('info.mb', { value: group.max_img_size_per_attachment })}</dd>
        <dt>{t('info.member_count')}</dt>
        <dd>{t('members.count', { count: group.member_count })}</dd>
        <dt>{t('info.created_at')}</dt>
        <dd>{formatDateTime(group.created_at)}</dd>
      </dl>
      <div className="pgrp-section">
        <StorageMeter storage={group.storage} company={group.company_storage} />
      </div>
      <div className="pgrp-actions pgrp-section">
        {rights.admin && (
          <Link className="pui-btn pui-btn--primary pui-btn--md" to={groupPath(groupId, 'setting/information-edit')}>
            {t('info.edit')}
          </Link>
        )}
        <Button variant="danger" loading={leave.isPending} onClick={() => void onLeave()}>
          {t('leave.submit')}
        </Button>
      </div>
    </section>
  );
}
