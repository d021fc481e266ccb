import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, NewsDisplayType, NewsPlacement, NewsTargetType, type AdminNewsItem, type CmsNewsBody } from '@portal/api-client/core';
import { Button } from '@portal/ui';
import { FormError, SelectField, TextField } from '@portal/ui/kit';
import { useMyGroupOptions } from '../../api/newsAdmin';

type Draft = { title: string; content: string; placement: number; group_id: number | null; target_type: number; display_type: number };

const blank: Draft = {
  title: '',
  content: '',
  placement: NewsPlacement.HOME,
  group_id: null,
  target_type: NewsTargetType.NO_LINK,
  display_type: NewsDisplayType.CONTINUES,
};

const options = (o: Record<string, number>, t: (k: string) => string, prefix: string) =>
  Object.values(o).map((v) => ({ value: String(v), label: t(`${prefix}.${v}`) }));

/**
 * Posting or editing a CMS item. There is no <form>: only the save button saves, so Enter in
 * the title (or confirming an IME conversion there) never posts. Server field errors show on
 * their fields.
 */
export function NewsForm({
  item,
  onSave,
  onCancel,
  pending,
  error,
}: {
  item: AdminNewsItem | null;
  onSave(body: CmsNewsBody): void;
  onCancel(): void;
  pending: boolean;
  error: unknown;
}) {
  const { t } = useTranslation(['notificationPages', 'notifications'], { nsMode: 'fallback' });
  const groups = useMyGroupOptions();
  const [d, setD] = useState<Draft>(
    item
      ? {
          title: item.title,
          content: item.content,
          placement: item.placement,
          group_id: item.group_id,
          target_type: item.target_type,
          display_type: item.display_type,
        }
      : blank,
  );
  const fieldErrors = error instanceof ApiError ? (error.body?.errors ?? {}) : {};
  const err = (k: string) => fieldErrors[k]?.[0];
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }));
  return (
    <div className="pntf-news-form" role="group" aria-label={item ? t('news.admin.edit') : t('news.admin.create')}>
      <TextField
        label={t('news.admin.field_title')}
        value={d.title}
        required
        maxLength={200}
        onChange={(e) => set({ title: e.target.value })}
        error={err('title')}
      />
      <label className="pui-field">
        <span className="pui-field__label">{t('news.admin.field_content')}</span>
        <textarea
          className="pui-input pntf-news-form__content"
          rows={6}
          value={d.content}
          onChange={(e) => set({ content: e.target.value })}
          aria-invalid={err('content') ? true : undefined}
        />
        <FormError message={err('content')} values={{ field: t('news.admin.field_content') }} />
      </label>
      <SelectField
        label={t('news.admin.field_placement')}
        value={String(d.placement)}
        options={options(NewsPlacement, t, 'news.admin.placement')}
        onChange={(e) => set({ placement: Number(e.target.value) })}
      />
      <SelectField
        label={t('news.admin.field_group')}
        value={d.group_id === null ? '' : String(d.group_id)}
        options={[
          { value: '', label: t('news.admin.field_group_none') },
          ...(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name })),
        ]}
        onChange={(e) => set({ group_id: e.target.value ? Number(e.target.value) : null })}
        error={err('group_id')}
      />
      <SelectField
        label={t('news.admin.field_target')}
        value={String(d.target_type)}
        options={options(NewsTargetType, t, 'news.admin.target')}
        onChange={(e) => set({ target_type: Number(e.target.value) })}
        error={err('target_type')}
      />
      <SelectField
        label={t('news.admin.field_display')}
        value={String(d.display_type)}
        options={options(NewsDisplayType, t, 'news.admin.display')}
        onChange={(e) => set({ display_type: Number(e.target.value) })}
      />
      <div className="pntf-news-form__actions">
        <Button onClick={() => onSave(d)} disabled={pending}>
          {t('news.admin.save')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('news.admin.cancel')}
        </Button>
      </div>
    </div>
  );
}
