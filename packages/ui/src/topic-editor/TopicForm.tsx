import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, FormError, TextField } from '@portal/ui';
import { RichTextEditor } from './RichTextEditor';
import { validate, type TopicFormErrors, type TopicFormValues } from './values';
import '../topics/topics.css';
import './editor.css';

interface Choice {
  id: number;
  name: string;
}

export interface TopicFormProps {
  initial: TopicFormValues;
  /** Offered on create only: an edited topic moves between folders from the feed. */
  folders?: Choice[];
  /** Common topics: the groups the author may send to (destination groups are then required). */
  destinations?: Choice[];
  submitLabel: string;
  busy: boolean;
  disabled?: boolean;
  /** Shown above the buttons (a save refusal, the ended edit session). */
  notice?: ReactNode;
  onSubmit: (values: TopicFormValues) => void;
  onCancel: () => void;
}

/** Title, rich-text body and the topic options of spec section 3 (attachments come later). */
export function TopicForm({ initial, folders, destinations, submitLabel, busy, disabled, notice, onSubmit, onCancel }: TopicFormProps) {
  const { t } = useTranslation('topics');
  const ids = useId();
  const [v, setV] = useState(initial);
  const [errors, setErrors] = useState<TopicFormErrors>({});
  const set = <K extends keyof TopicFormValues>(key: K, value: TopicFormValues[K]) => setV((old) => ({ ...old, [key]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validate(v, Date.now(), Boolean(destinations));
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(v);
  };
  const check = (key: keyof TopicFormValues, label: string, hint?: string) => (
    <label className="ptop-check">
      <input type="checkbox" checked={Boolean(v[key])} disabled={disabled} onChange={(e) => set(key, e.target.checked as never)} />
      {label}
      {hint && <span className="pgrp-muted">{hint}</span>}
    </label>
  );

  return (
    <form className="ptop-editor" onSubmit={submit} noValidate>
      <TextField
        label={t('editor.title_label')}
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
          onChange={(html, text) => setV((old) => ({ ...old, html: text.trim() ? html : '' }))}
        />
        <FormError message={errors.content} values={{ field: t('editor.body_label') }} />
      </div>
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
          {t(errors.delivery)}
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
              {t(errors.groups)}
            </p>
          )}
          {check('hideGroups', t('editor.hide_destinations'))}
        </fieldset>
      )}
      {notice}
      <div className="ptop-detail__actions">
        <Button type="submit" loading={busy} disabled={disabled}>
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
