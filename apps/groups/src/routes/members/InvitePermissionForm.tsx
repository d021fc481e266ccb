import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InvitePermission } from '@portal/api-client/schemas/groups';
import { Button, useModal } from '@portal/ui';
import { useShowActionError } from '@portal/content/kit';
import { useUpdateInvitePermission } from '../../api/invitations';
import { useGroupArea } from '../area/context';

const OPTIONS = [
  { value: InvitePermission.ROLE_INVITE, key: 'role_invite' },
  { value: InvitePermission.ALL_MEMBERS, key: 'all_members' },
  { value: InvitePermission.ADMIN_ONLY, key: 'admin_only' },
] as const;
type Value = (typeof OPTIONS)[number]['value'];

/**
 * Section 6 "invitation setting": who may invite. Everyone who can invite sees it; only an
 * administrator can change it (the API refuses others).
 */
export function InvitePermissionForm() {
  const { t } = useTranslation('groups');
  const { groupId, group, rights } = useGroupArea();
  const modal = useModal();
  const showError = useShowActionError();
  const update = useUpdateInvitePermission(groupId);
  const [picked, setPicked] = useState<Value | null>(null);
  const current = picked ?? (group.invite_permission as Value);

  const onSave = async () => {
    try {
      await update.mutateAsync(current);
      setPicked(null);
      modal.success({ message: t('invite_setting.saved') });
    } catch (err) {
      showError(err);
    }
  };

  return (
    <section className="pgrp-section" aria-labelledby="pgrp-invite-setting-title">
      <h2 id="pgrp-invite-setting-title" className="pgrp-section-title">
        {t('invite_setting.title')}
      </h2>
      <form
        className="pgrp-form"
        onSubmit={(e) => {
          e.preventDefault();
          void onSave();
        }}
      >
        <fieldset disabled={!rights.admin}>
          <legend className="pui-visually-hidden">{t('invite_setting.title')}</legend>
          {OPTIONS.map((o) => (
            <label key={o.value}>
              <input
                type="radio"
                name="invite_permission"
                value={o.value}
                checked={current === o.value}
                disabled={!rights.admin}
                onChange={() => setPicked(o.value)}
              />{' '}
              {t(`invite_setting.${o.key}`)}
            </label>
          ))}
        </fieldset>
        {rights.admin ? (
          <div className="pgrp-actions">
            <Button type="submit" loading={update.isPending} disabled={current === group.invite_permission}>
              {t('actions.save')}
            </Button>
          </div>
        ) : (
          <p className="pgrp-muted">{t('invite_setting.admin_only_hint')}</p>
        )}
      </form>
    </section>
  );
}
