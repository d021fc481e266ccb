import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { equipmentBody } from '@portal/api-client/schemas/groups';
import { Button, EmptyState, Spinner, useConfirm, useDocumentTitle, useImeSafeEnter, useModal } from '@portal/ui';
import { FormError } from '@portal/ui/kit';
import { useShowActionError } from '@portal/content/kit';
import { useEquipmentActions, useEquipments } from '../../api/equipment';
import { useGroupArea } from '../area/context';
import { EquipmentHours } from './EquipmentHours';

/** The first validation key for a name, or null when the API would accept it. */
function nameProblem(name: string): string | null {
  const r = equipmentBody.shape.name.safeParse(name);
  return r.success ? null : (r.error.issues[0]?.message ?? 'validation.required');
}

/** setting/equipment (role_admin): the group's equipment; create, rename and delete. */
export function EquipmentPage() {
  const { t } = useTranslation('groups');
  const title = t('routes.equipment');
  useDocumentTitle(title);
  const { groupId } = useGroupArea();
  const list = useEquipments(groupId);
  const { create, rename, remove } = useEquipmentActions(groupId);
  const confirm = useConfirm();
  const modal = useModal();
  const showError = useShowActionError();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: number; name: string; problem: string | null } | null>(null);
  const field = t('equipment.name');

  const onCreate = async () => {
    const p = nameProblem(name);
    setProblem(p);
    if (p || create.isPending) return;
    try {
      await create.mutateAsync(name.trim());
      setName('');
      modal.success({ message: t('equipment.created') });
    } catch (err) {
      showError(err);
    }
  };

  const onRename = async () => {
    if (!editing || rename.isPending) return;
    const p = nameProblem(editing.name);
    if (p) return setEditing({ ...editing, problem: p });
    try {
      await rename.mutateAsync({ equipmentId: editing.id, name: editing.name.trim() });
      setEditing(null);
      modal.success({ message: t('equipment.renamed') });
    } catch (err) {
      showError(err);
    }
  };

  const onDelete = async (id: number, itemName: string) => {
    const ok = await confirm({
      title: t('equipment.delete'),
      message: t('equipment.delete_confirm', { name: itemName }),
      confirmLabel: t('equipment.delete'),
      destructive: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(id);
      modal.success({ message: t('equipment.deleted', { name: itemName }) });
    } catch (err) {
      showError(err);
    }
  };

  const onCreateKey = useImeSafeEnter(() => void onCreate());
  const onRenameKey = useImeSafeEnter(() => void onRename());
  const rows = list.data ?? [];

  return (
    <section aria-labelledby="pgrp-equipment-title">
      <h1 id="pgrp-equipment-title" className="pui-page-title">
        {title}
      </h1>
      <div className="pgrp-section">
        <label className="pui-field__label" htmlFor="pgrp-equipment-new">
          {t('equipment.new')}
        </label>
        <div className="pgrp-link-box">
          <input
            id="pgrp-equipment-new"
            className="pui-input"
            value={name}
            aria-invalid={problem ? true : undefined}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={onCreateKey}
          />
          <Button loading={create.isPending} onClick={() => void onCreate()}>
            {t('equipment.add')}
          </Button>
        </div>
        <FormError message={problem} values={{ field }} />
      </div>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p role="alert">{t('common.load_failed')}</p>
      ) : rows.length === 0 ? (
        <EmptyState message={t('equipment.empty')} />
      ) : (
        <table className="pgrp-table">
          <tbody>
            {rows.map((item) => (
              <tr key={item.id}>
                <td>
                  {editing?.id === item.id ? (
                    <>
                      <input
                        className="pui-input"
                        aria-label={t('equipment.rename_label', { name: item.name })}
                        value={editing.name}
                        autoFocus
                        onChange={(e) => setEditing({ ...editing, name: e.target.value, problem: null })}
                        onKeyDown={(e) => {
                          if (e.key === 'Escape') setEditing(null);
                          else onRenameKey(e);
                        }}
                      />
                      <FormError message={editing.problem} values={{ field }} />
                    </>
                  ) : (
                    item.name
                  )}
                </td>
                <td>
                  <EquipmentHours groupId={groupId} item={item} />
                </td>
                <td>
                  <span className="pgrp-actions">
                    {editing?.id === item.id ? (
                      <>
                        <Button size="sm" loading={rename.isPending} onClick={() => void onRename()}>
                          {t('actions.save')}
                        </Button>
                        <Button size="sm" variant="secondary" onClick={() => setEditing(null)}>
                          {t('actions.cancel')}
                        </Button>
                      </>
                    ) : (
                      <>
                        <Button size="sm" variant="secondary" onClick={() => setEditing({ id: item.id, name: item.name, problem: null })}>
                          {t('equipment.rename')}
                        </Button>
                        <Button size="sm" variant="danger" disabled={remove.isPending} onClick={() => void onDelete(item.id, item.name)}>
                          {t('equipment.delete')}
                        </Button>
                      </>
                    )}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
