import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HELP_KINDS, helpArticleBody, type HelpArticleBody } from '@portal/api-client/schemas/help';
import { api } from '@portal/api-client/browser';
import { Button, useConfirm } from '@portal/ui';
import { FormError, SelectField, TextField } from '@portal/ui/kit';
import { useSectionForm } from '../../api/use-section-form';
import { useAdminArticles, useDeleteArticle, useSaveArticle } from '../../api/help';

const EMPTY: HelpArticleBody = { kind: 'help', title_ja: '', title_en: '', body_ja: '', body_en: '', sort_order: 0 };
const FIELDS = ['kind', 'title_ja', 'title_en', 'body_ja', 'body_en', 'sort_order'] as const;

/** For company administrators: every help, terms and policy article, with an editor. */
export function ArticleManager() {
  const { t } = useTranslation('settings');
  const list = useAdminArticles(true);
  const remove = useDeleteArticle();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<{ id?: number; body: HelpArticleBody } | null>(null);

  const edit = async (id: number) => {
    const a = (await api.call('helpArticle', { params: { id } })).items;
    setEditing({
      id,
      body: { kind: a.kind, title_ja: a.title_ja, title_en: a.title_en, body_ja: a.body_ja, body_en: a.body_en, sort_order: a.sort_order },
    });
  };

  return (
    <section className="pset-help__manage" aria-labelledby="pset-help-manage">
      <h2 id="pset-help-manage" className="pset-subtitle">
        {t('help.manage')}
      </h2>
      <table className="pset-help__table">
        <tbody>
          {list.data?.map((a) => (
            <tr key={a.id}>
              <td>{t(`help.kinds.${a.kind}`)}</td>
              <td>{a.sort_order}</td>
              <td>{a.title_ja}</td>
              <td>
                <Button variant="link" onClick={() => void edit(a.id)}>
                  {t('help.edit')}
                </Button>
                <Button
                  variant="link"
                  onClick={async () => {
                    if (await confirm({ message: t('help.delete_confirm', { title: a.title_ja }), destructive: true })) remove.mutate(a.id);
                  }}
                >
                  {t('help.delete')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {editing ? (
        <ArticleForm key={editing.id ?? 'new'} id={editing.id} loaded={editing.body} onDone={() => setEditing(null)} />
      ) : (
        <Button variant="secondary" onClick={() => setEditing({ body: EMPTY })}>
          {t('help.new')}
        </Button>
      )}
    </section>
  );
}

function ArticleForm({ id, loaded, onDone }: { id?: number; loaded: HelpArticleBody; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const save = useSaveArticle();
  const { form, submit, onKeyDown } = useSectionForm<HelpArticleBody>(
    helpArticleBody as never,
    loaded,
    async (body) => {
      await save.mutateAsync({ id, body });
      onDone();
    },
    FIELDS,
    'help.saved',
  );
  const { register, formState } = form;
  const e = formState.errors;
  const area = (name: 'body_ja' | 'body_en') => (
    <div className="pui-field">
      <label htmlFor={`pset-help-${name}`} className="pui-field__label">
        {t(`help.fields.${name}`)}
      </label>
      <textarea id={`pset-help-${name}`} className="pui-input pset-textarea" rows={8} {...register(name)} />
      <FormError message={e[name]?.message} values={{ field: t(`help.fields.${name}`) }} />
    </div>
  );
  return (
    <form className="pset-form pset-help__form" noValidate onSubmit={submit} onKeyDown={onKeyDown}>
      <SelectField
        label={t('help.fields.kind')}
        options={HELP_KINDS.map((k) => ({ value: k, label: t(`help.kinds.${k}`) }))}
        error={e.kind?.message}
        {...register('kind')}
      />
      <TextField label={t('help.fields.title_ja')} required error={e.title_ja?.message} {...register('title_ja')} />
      <TextField label={t('help.fields.title_en')} required error={e.title_en?.message} {...register('title_en')} />
      {area('body_ja')}
      {area('body_en')}
      <TextField
        label={t('help.fields.sort_order')}
        type="number"
        min={0}
        error={e.sort_order?.message}
        {...register('sort_order', { valueAsNumber: true })}
      />
      <div className="pset-form__actions">
        <Button type="submit" loading={formState.isSubmitting}>
          {t('help.save')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('info.avatar.cancel')}
        </Button>
      </div>
    </form>
  );
}
