import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { profileBody, type MyProfile, type ProfileBody } from '@portal/api-client/schemas/settings';
import { Button } from '@portal/ui';
import { FormError, TextField } from '@portal/ui/kit';
import { useUpdateProfile } from '../../api/profile';
import { numberSelect } from '../../api/number-select';
import { useSectionForm } from '../../api/use-section-form';
import { AvatarEditor } from './AvatarEditor';
import { VisibilitySelect } from './VisibilitySelect';

const FIELDS = ['last_name', 'first_name', 'last_name_kana', 'first_name_kana', 'email_option', 'self_introduction'] as const;

function pick(p: MyProfile['profile']): ProfileBody {
  const { avatar: _a, avatar_small: _s, avatar_file_name: _f, ...rest } = p;
  return rest;
}

/** Avatar, names in kanji and hiragana, whether colleagues see the e-mail, self introduction. */
export function ProfileForm({ data }: { data: MyProfile }) {
  const { t } = useTranslation('settings');
  const update = useUpdateProfile();
  const loaded = useMemo(() => pick(data.profile), [data.profile]);
  const { form, submit, onKeyDown } = useSectionForm(profileBody, loaded, (v) => update.mutateAsync(v), FIELDS, 'info.saved');
  const { register, formState } = form;
  const e = formState.errors;
  return (
    <>
      <AvatarEditor profile={data.profile} />
      <form className="pset-form" noValidate onSubmit={submit} onKeyDown={onKeyDown}>
        <div className="pset-form__pair">
          <TextField label={t('info.last_name')} required error={e.last_name?.message} {...register('last_name')} />
          <TextField label={t('info.first_name')} required error={e.first_name?.message} {...register('first_name')} />
        </div>
        <div className="pset-form__pair">
          <TextField label={t('info.last_name_kana')} required error={e.last_name_kana?.message} {...register('last_name_kana')} />
          <TextField label={t('info.first_name_kana')} required error={e.first_name_kana?.message} {...register('first_name_kana')} />
        </div>
        <VisibilitySelect label={t('info.email_option')} error={e.email_option?.message} {...numberSelect(form, 'email_option')} />
        <div className="pui-field">
          <label htmlFor="pset-self-intro" className="pui-field__label">
            {t('info.self_introduction')}
          </label>
          <textarea
            id="pset-self-intro"
            className="pui-input pset-textarea"
            rows={5}
            aria-invalid={e.self_introduction ? true : undefined}
            {...register('self_introduction')}
          />
          <FormError message={e.self_introduction?.message} values={{ field: t('info.self_introduction') }} />
        </div>
        <div className="pset-form__actions">
          <Button type="submit" loading={formState.isSubmitting}>
            {t('info.submit')}
          </Button>
        </div>
      </form>
    </>
  );
}
