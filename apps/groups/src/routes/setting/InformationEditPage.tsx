import type { KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError, LetterColor, LIMITS } from '@portal/api-client/core';
import { updateGroupBody } from '@portal/api-client/schemas/groups';
import { Button, isImeComposing, useDocumentTitle, useModal } from '@portal/ui';
import { TextField } from '@portal/ui/kit';
import { useShowActionError } from '@portal/content/kit';
import { useUpdateGroup } from '../../api/groupAdmin';
import { groupPath, useGroupArea } from '../area/context';
import { HeaderImageSetting, IconSetting } from './GroupImageSettings';
import { GroupBasicFields } from '../../components/GroupBasicFields';

/** Tags are typed comma-separated; the API takes a list. */
const splitTags = (s: string) => [
  ...new Set(
    s
      .split(/[,、，]/u)
      .map((x) => x.trim())
      .filter(Boolean),
  ),
];

const formSchema = z.object({
  name: updateGroupBody.shape.name.unwrap(),
  letter_color: z.enum(['1', '2']),
  notice: updateGroupBody.shape.notice.unwrap(),
  tags: z.string().refine((s) => updateGroupBody.shape.group_tags.safeParse(splitTags(s)).success, 'validation.max_length'),
  auto_delete_day: z.coerce.number<string>().int('validation.numeric').min(1, 'validation.min_value').max(365, 'validation.max_value'),
  max_img_size_per_attachment: z.coerce
    .number<string>()
    .int('validation.numeric')
    .min(1, 'validation.min_value')
    .max(LIMITS.attachmentMaxMb, 'validation.max_value'),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/**
 * setting/information-edit (role_admin): name, letter colour, notice, tags, bin auto-delete days
 * and max attachment size; above the form, the icon and header image (GroupImageSettings).
 */
export function InformationEditPage() {
  const { t } = useTranslation('groups');
  const title = t('routes.setting_information_edit');
  useDocumentTitle(title);
  const { groupId, group } = useGroupArea();
  const navigate = useNavigate();
  const modal = useModal();
  const showError = useShowActionError();
  const update = useUpdateGroup(groupId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      name: group.name,
      letter_color: String(group.letter_color === LetterColor.BLACK ? 2 : 1) as '1' | '2',
      notice: group.notice,
      tags: group.group_tags.join(', '),
      auto_delete_day: String(group.auto_delete_day),
      max_img_size_per_attachment: String(group.max_img_size_per_attachment),
    },
  });

  const submit = handleSubmit(async (v) => {
    try {
      await update.mutateAsync({
        name: v.name,
        letter_color: v.letter_color === '2' ? 2 : 1,
        notice: v.notice,
        group_tags: splitTags(v.tags),
        auto_delete_day: v.auto_delete_day,
        max_img_size_per_attachment: v.max_img_size_per_attachment,
      });
      modal.success({ message: t('edit.saved') });
      void navigate(groupPath(groupId, 'setting/information'));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'DUPLICATE_GROUP')
        setError('name', { type: 'server', message: 'errors:DUPLICATE_GROUP' });
      else showError(err);
    }
  });

  // Enter in a one-line field submits only when it is not the Enter confirming an IME conversion.
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key !== 'Enter' || !(e.target instanceof HTMLInputElement)) return;
    e.preventDefault();
    if (!isImeComposing(e) && !isSubmitting) void submit();
  };

  return (
    <section aria-labelledby="pgrp-edit-title">
      <h1 id="pgrp-edit-title" className="pui-page-title">
        {title}
      </h1>
      {/* Images are saved on their own (multipart uploads), apart from the form's save button. */}
      <div className="pgrp-form">
        <IconSetting group={group} />
        <HeaderImageSetting group={group} />
      </div>
      <form className="pgrp-form" noValidate onSubmit={submit} onKeyDown={onKeyDown}>
        <GroupBasicFields
          idPrefix="pgrp-edit"
          name={register('name')}
          letterColor={register('letter_color')}
          notice={register('notice')}
          errors={{ name: errors.name?.message, notice: errors.notice?.message }}
        />
        <TextField label={t('info.tags')} hint={t('edit.tags_hint')} error={errors.tags?.message} {...register('tags')} />
        <TextField
          label={t('info.auto_delete_day')}
          type="number"
          min={1}
          max={365}
          required
          error={errors.auto_delete_day?.message}
          errorValues={{ min: 1, max: 365 }}
          {...register('auto_delete_day')}
        />
        <TextField
          label={t('info.max_attachment')}
          type="number"
          min={1}
          max={LIMITS.attachmentMaxMb}
          required
          hint={t('edit.max_attachment_hint', { max: LIMITS.attachmentMaxMb })}
          error={errors.max_img_size_per_attachment?.message}
          errorValues={{ min: 1, max: LIMITS.attachmentMaxMb }}
          {...register('max_img_size_per_attachment')}
        />
        <div className="pgrp-actions">
          <Button type="submit" loading={isSubmitting}>
            {t('actions.save')}
          </Button>
          <Button variant="secondary" onClick={() => void navigate(groupPath(groupId, 'setting/information'))}>
            {t('actions.cancel')}
          </Button>
        </div>
      </form>
    </section>
  );
}
