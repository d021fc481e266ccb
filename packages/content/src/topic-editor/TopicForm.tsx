import { useId, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateValidation } from '@portal/i18n';
import { Button, isImeComposing } from '@portal/ui';
import { FormError, TextField } from '@portal/ui/kit';
import { inlineImageSrcs } from '../topics/inlineImages';
import type { TopicScope } from '../topics/scope';
import { AttachmentField } from './AttachmentField';
import { inlineImageMaxMb } from './inlineUpload';
import { RichTextEditor } from './RichTextEditor';
import { validate, type TopicFormErrors, type TopicFormValues } from './values';
import '../topics/topics.css';
import './editor.css';

interface Choice {
  id: number;
  name: string;
}

export interface TopicFormProps {
  /** Where the topic lives: inline images are uploaded for it. */
  scope: TopicScope;
  initial: TopicFormValues;
  /** Largest attachment in MB: the group's max_img_size_per_attachment (common topics: the default). */
  maxFileMb: number;
  /** Offered on create only: an edited topic moves between folders from the feed. */
  folders?: Choice[];
  /** Common topics: the groups the author may send to (destination groups are then required). */
  destinations?: Choice[];
  submitLabel: string;
  busy: boolean;
  disabled?: boolean;
  /** Shown above the buttons (a save refusal, the ended edit session). */
  notice?: ReactNode;
  /** The last refused save's field errors (topicFieldErrors), shown on their fields. */
  serverErrors?: TopicFormErrors | null;
  /** `onProgress` takes the upload's progress (0‥1) while new attachments go up. */
  onSubmit: (values: TopicFormValues, onProgress: (fraction: number) => void) => void;
  onCancel: () => void;
}

/** Title, rich-text body with inline images, attachments and the topic options of spec section 3. */
export function TopicForm(props: TopicFormProps) {
  const { scope, initial, maxFileMb, folders, destinations, submitLabel, busy, disabled, notice, serverErrors, onSubmit, onCancel } = props;
  const { t } = useTranslation('topics');
  const { t: tv } = useTranslation('validation');
  const ids = useId();
  const [v, setV] = useState(initial);
  const [localErrors, setErrors] = useState<TopicFormErrors>({});
  // The form's own checks win; the server's stay until the next save replaces them.
  const errors: TopicFormErrors = { ...serverErrors, ...localErrors };
  // Server keys are validation keys (validation namespace); the form's own are topics keys.
  const message = (key: string) => (key.startsWith('validation.') ? translateValidation(tv, key) : t(key));
  const [progress, setProgress] = useState(0);
  // Images still uploading are not in the text yet: saving now would leave them out.
  const [imagesPending, setImagesPending] = useState(0);
  const set = <K extends keyof TopicFormValues>(key: K, value: TopicFormValues[K]) => setV((old) => ({ ...old, [key]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (imagesPending > 0) return;
    const found = validate(v, Date.now(), Boolean(destinations));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setProgress(0);
    onSubmit(v, setProgress);
  };
  // Enter in a one-line field would publish the whole topic (the browser's implicit submission):
  // in the title it moves on to the body instead. The Enter that confirms an IME conversion is
  // the IME's alone.
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    const field = e.target;
    if (e.key !== 'Enter' || !(field instanceof HTMLInputElement) || ['button', 'submit', 'file'].includes(field.type)) return;
    e.preventDefault();
    if (isImeComposing(e) || field.name !== 'title') return;
    e.currentTarget.querySelector<HTMLElement>(`[aria-labelledby="${ids}-body"]`)?.focus();
  };
  const uploading = busy && v.files.length > 0;
  const check = (key: keyof TopicFormValues, label: string, hint?: string) => (
    <label className="ptop-check">
      <input type="checkbox" checked={Boolean(v[key])} disabled={disabled} onChange={(e) => set(key, e.target.checked as never)} />
      {label}
      {hint && <span className="pgrp-muted">{hint}</span>}
    </label>
  );

  return (
    <form className="ptop-editor" onSubmit={submit} onKeyDown={onKeyDown} noValidate>
      <TextField
        label={t('editor.title_label')}
        name="title"
        value={v.title}
        required
        maxLength={255}
        disabled={disabled}
        error={errors.title}
        onChange={(e) => set('title', e.target.value)}
      />
      <div className="pui-field">
        <span id={`${ids}-body`} className="pui-field__label">
          {t('editor.body_label')}
        </span>
        <RichTextEditor
          labelId={`${ids}-body`}
          initialHtml={initial.html}
          invalid={Boolean(errors.content)}
          // An image-only body has no text but is not empty.
          onChange={(html, text) => setV((old) => ({ ...old, html: text.trim() || inlineImageSrcs(html).length > 0 ? html : '' }))}
          images={{
            scope,
            maxMb: inlineImageMaxMb(maxFileMb),
            onUploaded: (src) => setV((old) => ({ ...old, knownImages: [...old.knownImages, src] })),
            onPendingChange: setImagesPending,
          }}
        />
        <FormError message={errors.content} values={{ field: t('editor.body_label') }} />
      </div>
      <AttachmentField
        attached={v.attached}
        removed={v.removedAttachments}
        files={v.files}
        maxMb={maxFileMb}
        disabled={disabled || busy}
        error={errors.files}
        onChange={({ removed, files }) => setV((old) => ({ ...old, removedAttachments: removed, files }))}
      />
      <fieldset className="ptop-editor__options" disabled={disabled}>
        <legend>{t('editor.options')}</legend>
        {check('emergency', t('editor.emergency'))}
        {check('multiEdit', t('editor.multi_edit'), t('editor.multi_edit_hint'))}
        {check('likeOn', t('editor.like_on'))}
        {v.likeOn && (
          <div className="ptop-editor__sub">
            <TextField
              label={t('editor.like_character')}
              hint={t('editor.like_character_hint')}
              value={v.likeCharacter}
              maxLength={16}
              error={errors.likeCharacter}
              onChange={(e) => set('likeCharacter', e.target.value)}
            />
            {check('hideLikers', t('editor.hide_likers'))}
          </div>
        )}
        {check('commentOn', t('editor.comment_on'))}
        {v.commentOn && <div className="ptop-editor__sub">{check('anonymous', t('editor.anonymous'))}</div>}
      </fieldset>
      <TextField
        type="datetime-local"
        label={t('editor.delivery')}
        hint={t('editor.delivery_hint')}
        value={v.delivery}
        disabled={disabled}
        onChange={(e) => set('delivery', e.target.value)}
      />
      {errors.delivery && (
        <p role="alert" className="pui-field__error">
          {message(errors.delivery)}
        </p>
      )}
      {folders && (
        <label className="ptop-inline-field">
          <span>{t('folder.pick')}</span>
          <select className="pui-input pui-select" value={v.folderId} disabled={disabled} onChange={(e) => set('folderId', e.target.value)}>
            <option value="">{t('feed.tab.unclassified')}</option>
            {folders.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {destinations && (
        <fieldset className="ptop-editor__options" disabled={disabled} aria-describedby={errors.groups ? `${ids}-groups` : undefined}>
          <legend>{t('editor.destinations')}</legend>
          <div className="ptop-editor__groups">
            {destinations.map((g) => (
              <label key={g.id} className="ptop-check">
                <input
                  type="checkbox"
                  checked={v.groups.includes(g.id)}
                  onChange={(e) => set('groups', e.target.checked ? [...v.groups, g.id] : v.groups.filter((x) => x !== g.id))}
                />
                {g.name}
              </label>
            ))}
          </div>
          {errors.groups && (
            <p id={`${ids}-groups`} role="alert" className="pui-field__error">
              {message(errors.groups)}
            </p>
          )}
          {check('hideGroups', t('editor.hide_destinations'))}
        </fieldset>
      )}
      {notice}
      {uploading && (
        <label className="ptop-editor__progress">
          <span>{t('editor.uploading', { percent: Math.round(progress * 100) })}</span>
          <progress max={1} value={progress} />
        </label>
      )}
      <div className="ptop-detail__actions">
        <Button type="submit" loading={busy} disabled={disabled || imagesPending > 0}>
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
