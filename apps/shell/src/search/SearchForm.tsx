import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { enabledDataKinds, groupSelectable, todaySlash, toPickerDate, type SearchTargetValue } from '@portal/api-client/schemas/search';
import { SearchTarget, SearchTimeRange } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { Button, useImeSafeEnter } from '@portal/ui';
import { FormError, SelectField, TextField } from '@portal/ui/kit';
import { validateForm, type FormErrors, type SearchFormValues } from './searchParams';
import './search.css';

const TARGETS = [SearchTarget.TOPIC, SearchTarget.CALENDAR, SearchTarget.CHAT, SearchTarget.SHARED_FOLDER] as const;
const KINDS = [1, 2, 3, 4, 5] as const;
const RANGES = [0, 1, 2, 3, 4, 5] as const;

export interface SearchFormProps {
  initial: SearchFormValues;
  onSubmit: (values: SearchFormValues) => void;
  onCancel?: () => void;
}

/**
 * The search conditions (spec section 5): target, data kinds enabled per target, group (not for
 * chat or calendar), period with a custom range, keyword. Errors show before anything is sent,
 * with the same messages the API answers with.
 */
export function SearchForm({ initial, onSubmit, onCancel }: SearchFormProps) {
  const { t } = useTranslation(['search', 'validation']);
  const id = useId();
  const [v, setV] = useState<SearchFormValues>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const groups = useQuery({
    queryKey: ['search', 'my-groups'],
    queryFn: async () => (await api.call('myGroups', { query: { limit: 99999 } })).items,
  });
  const today = todaySlash(Date.now());

  const enabled = v.target === null ? KINDS : enabledDataKinds(v.target);
  const withGroup = v.target === null || groupSelectable(v.target);

  const setTarget = (target: SearchTargetValue) => {
    const allowed = enabledDataKinds(target);
    setV((old) => ({
      ...old,
      target,
      data: old.data.filter((k) => allowed.includes(k as never)),
      group: groupSelectable(target) ? old.group : null,
    }));
  };
  const toggleKind = (k: number) =>
    setV((old) => ({ ...old, data: old.data.includes(k) ? old.data.filter((x) => x !== k) : [...old.data, k] }));

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const found = validateForm(v, Date.now());
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit({ ...v, keyword: v.keyword.trim() });
  };
  const onEnter = useImeSafeEnter<HTMLInputElement>(() => submit());

  return (
    <form className="shell-search-form" onSubmit={submit} noValidate aria-label={t('condition')}>
      <fieldset className="shell-search-form__group" aria-describedby={errors.target_search ? `${id}-target-error` : undefined}>
        <legend className="pui-field__label">{t('fields.target')}</legend>
        <div className="shell-search-form__options">
          {TARGETS.map((target) => (
            <label key={target} className="shell-search-form__option">
              <input type="radio" name={`${id}-target`} checked={v.target === target} onChange={() => setTarget(target)} />
              {t(`targets.${target}`)}
            </label>
          ))}
        </div>
        <FormError id={`${id}-target-error`} message={errors.target_search} values={{ field: t('fields.target') }} />
      </fieldset>

      <fieldset className="shell-search-form__group">
        <legend className="pui-field__label">{t('fields.data')}</legend>
        <div className="shell-search-form__options">
          {KINDS.map((k) => {
            const off = !enabled.includes(k as never);
            return (
              <label key={k} className={`shell-search-form__option${off ? ' shell-search-form__option--off' : ''}`}>
                <input type="checkbox" disabled={off} checked={!off && v.data.includes(k)} onChange={() => toggleKind(k)} />
                {t(`data.${k}`)}
              </label>
            );
          })}
        </div>
        <p className="pui-field__hint">{t('data_hint')}</p>
        <FormError message={errors.target_data} values={{ field: t('fields.data') }} />
      </fieldset>

      <SelectField
        label={t('fields.group')}
        disabled={!withGroup}
        value={v.group ?? ''}
        placeholder={t('all_groups')}
        options={(groups.data?.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
        onChange={(e) => {
          const group = e.target.value ? Number(e.target.value) : null;
          const name = groups.data?.data.find((g) => g.id === group)?.name ?? '';
          setV((old) => ({ ...old, group, groupName: name }));
        }}
        error={errors.target_group}
      />

      <SelectField
        label={t('fields.time_range')}
        value={v.range}
        options={RANGES.map((r) => ({ value: r, label: t(`ranges.${r}`) }))}
        onChange={(e) => setV((old) => ({ ...old, range: Number(e.target.value) }))}
      />
      {v.range === SearchTimeRange.CUSTOM && (
        <div className="shell-search-form__dates">
          <TextField
            type="date"
            label={t('fields.time_start')}
            value={v.start}
            max={toPickerDate(today)}
            onChange={(e) => setV((old) => ({ ...old, start: e.target.value }))}
            error={errors.time_start}
            errorValues={{ date: today }}
          />
          <TextField
            type="date"
            label={t('fields.time_end')}
            value={v.end}
            max={toPickerDate(today)}
            onChange={(e) => setV((old) => ({ ...old, end: e.target.value }))}
            error={errors.time_end}
            errorValues={{ date: today }}
          />
        </div>
      )}

      <TextField
        label={t('fields.keyword')}
        type="search"
        value={v.keyword}
        placeholder={t('keyword_placeholder')}
        onChange={(e) => setV((old) => ({ ...old, keyword: e.target.value }))}
        onKeyDown={onEnter}
        error={errors.keyword_search}
        required
      />

      <div className="shell-search-form__actions">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {t('close')}
          </Button>
        )}
        <Button type="submit">{t('submit')}</Button>
      </div>
    </form>
  );
}
