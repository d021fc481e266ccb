import type { KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '@portal/api-client/core';
import { createGroupBody } from '@portal/api-client/schemas/groups';
import { Button, EmptyState, isImeComposing, Spinner, useDocumentTitle, useModal } from '@portal/ui';
import { GroupBasicFields } from '../components/GroupBasicFields';
import { useShowActionError } from '@portal/content/kit';
import { useMe } from '../api/group';
import { useCreateGroup } from '../api/groupAdmin';
import './groups.css';

const formSchema = z.object({
  name: createGroupBody.shape.name,
  notice: createGroupBody.shape.notice.unwrap(),
  letter_color: z.enum(['1', '2']),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/**
 * /group/create: company administrators create a group and become its administrator. The spec
 * shows no screen for it; others see why they cannot (the API refuses them as well).
 */
export function CreateGroupPage() {
  const { t } = useTranslation('groups');
  const title = t('create.title');
  useDocumentTitle(title);
  const me = useMe();
  const navigate = useNavigate();
  const modal = useModal();
  const showError = useShowActionError();
  const create = useCreateGroup();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: '', notice: '', letter_color: '1' },
  });

  const submit = handleSubmit(async (v) => {
    try {
      const group = await create.mutateAsync({ name: v.name, notice: v.notice, letter_color: v.letter_color === '2' ? 2 : 1 });
      modal.success({ message: t('create.done', { name: group.name }) });
      void navigate(`/group/${group.id}`);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'DUPLICATE_GROUP')
        setError('name', { type: 'server', message: 'errors:DUPLICATE_GROUP' });
      else showError(err);
    }
  });

  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key !== 'Enter' || !(e.target instanceof HTMLInputElement)) return;
    e.preventDefault();
    if (!isImeComposing(e) && !isSubmitting) void submit();
  };

  if (me.isPending) return <Spinner size="lg" />;
  return (
    <section aria-labelledby="pgrp-create-title">
      <h1 id="pgrp-create-title" className="pui-page-title">
        {title}
      </h1>
      {!me.data?.info.is_company_admin ? (
        <EmptyState message={t('create.company_admin_only')} />
      ) : (
        <form className="pgrp-form" noValidate onSubmit={submit} onKeyDown={onKeyDown}>
          <GroupBasicFields
            idPrefix="pgrp-create"
            name={register('name')}
            letterColor={register('letter_color')}
            notice={register('notice')}
            errors={{ name: errors.name?.message, notice: errors.notice?.message }}
          />
          <p className="pgrp-muted">{t('create.lead')}</p>
          <div className="pgrp-actions">
            <Button type="submit" loading={isSubmitting}>
              {t('create.submit')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
