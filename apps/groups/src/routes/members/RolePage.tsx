import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { $session } from '@portal/api-client/session';
import { Button, useConfirm, useDocumentTitle, useModal } from '@portal/ui';
import { ApiAvatar, useShowActionError } from '@portal/content/kit';
import { usePageSize } from '../../api/group';
import { useDeleteMember, useMembers, useUpdateRoles, type RoleFlags } from '../../api/members';
import { Pager } from '@portal/ui/kit';
import { DataTable } from '../../components/DataTable';
import { useGroupArea } from '../area/context';

const OTHER_RIGHTS = ['role_invite', 'role_edit_shared_folder', 'role_edit_topic'] as const;

const sameFlags = (a: RoleFlags, b: RoleFlags) => a.role_admin === b.role_admin && OTHER_RIGHTS.every((r) => a.role_admin || a[r] === b[r]);

/**
 * members/role (role_admin): grant or withdraw each right per member. Administrator implies every
 * other right, so an administrator's row shows the administrator box only (section 6). Removing a
 * member asks first; the API keeps at least one administrator and one member.
 */
export function RolePage() {
  const { t } = useTranslation('groups');
  const title = t('routes.role');
  useDocumentTitle(title);
  const { groupId } = useGroupArea();
  const myId = useStore($session).user?.id;
  const limit = usePageSize();
  const [page, setPage] = useState(1);
  const members = useMembers(groupId, { page, limit });
  const update = useUpdateRoles(groupId);
  const remove = useDeleteMember(groupId);
  const confirm = useConfirm();
  const modal = useModal();
  const showError = useShowActionError();
  const [drafts, setDrafts] = useState<Record<number, RoleFlags>>({});
  const rows = members.data?.data ?? [];

  // Only the four flags: the API's body is strict and the member's roles also carry group_id.
  const flagsOf = (m: (typeof rows)[number]): RoleFlags => {
    const f = drafts[m.id] ?? m.roles;
    return {
      role_admin: f.role_admin,
      role_invite: f.role_invite,
      role_edit_shared_folder: f.role_edit_shared_folder,
      role_edit_topic: f.role_edit_topic,
    };
  };
  const setFlag = (m: (typeof rows)[number], key: keyof RoleFlags, value: boolean) =>
    setDrafts((d) => ({ ...d, [m.id]: { ...flagsOf(m), [key]: value } }));

  const onSave = async (m: (typeof rows)[number]) => {
    const f = flagsOf(m);
    // Withdrawing administrator restores nothing implicitly: what is ticked is what is kept.
    const body = f.role_admin ? { ...f, role_invite: false, role_edit_shared_folder: false, role_edit_topic: false } : f;
    try {
      await update.mutateAsync({ user_id: m.id, ...body });
      setDrafts(({ [m.id]: _saved, ...rest }) => rest);
      modal.success({ message: t('role.saved', { name: m.name }) });
    } catch (err) {
      showError(err);
    }
  };

  const onRemove = async (m: (typeof rows)[number]) => {
    const ok = await confirm({
      title: t('role.remove'),
      message: t('role.remove_confirm', { name: m.name }),
      confirmLabel: t('role.remove'),
      destructive: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(m.id);
      modal.success({ message: t('role.removed', { name: m.name }) });
    } catch (err) {
      showError(err);
    }
  };

  return (
    <section aria-labelledby="pgrp-role-title">
      <h1 id="pgrp-role-title" className="pui-page-title">
        {title}
      </h1>
      <p className="pgrp-muted">{t('role.lead')}</p>
      <DataTable
        status={members}
        rows={rows}
        rowKey={(m) => m.id}
        empty={t('members.empty')}
        columns={[
          {
            header: t('members.name'),
            cell: (m) => (
              <span className="pgrp-person">
                <ApiAvatar src={m.avatar_small} name={m.name} size="sm" />
                {m.name}
              </span>
            ),
          },
          {
            header: t('role.rights'),
            cell: (m) => {
              const f = flagsOf(m);
              return (
                <fieldset className="pgrp-rights" aria-label={t('role.rights_of', { name: m.name })}>
                  <label>
                    <input type="checkbox" checked={f.role_admin} onChange={(e) => setFlag(m, 'role_admin', e.target.checked)} />{' '}
                    {t('role.flag.role_admin')}
                  </label>
                  {f.role_admin ? (
                    <span className="pgrp-muted">{t('role.admin_implies')}</span>
                  ) : (
                    OTHER_RIGHTS.map((r) => (
                      <label key={r}>
                        <input type="checkbox" checked={f[r]} onChange={(e) => setFlag(m, r, e.target.checked)} /> {t(`role.flag.${r}`)}
                      </label>
                    ))
                  )}
                </fieldset>
              );
            },
          },
        ]}
        actions={(m) => (
          <>
            <Button
              size="sm"
              disabled={sameFlags(flagsOf(m), m.roles) || remove.isPending}
              loading={update.isPending && update.variables?.user_id === m.id}
              onClick={() => void onSave(m)}
            >
              {t('actions.save')}
            </Button>
            {m.id !== myId && (
              <Button size="sm" variant="danger" disabled={update.isPending || remove.isPending} onClick={() => void onRemove(m)}>
                {t('role.remove')}
              </Button>
            )}
          </>
        )}
      />
      {members.data && <Pager page={page} lastPage={members.data.last_page} onChange={setPage} />}
    </section>
  );
}
