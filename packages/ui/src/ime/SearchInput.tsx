import { useEffect, useId, useRef, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../controls/icons';
import { useImeSafeEnter } from './ime';

export interface SearchInputProps extends Omit<ComponentProps<'input'>, 'value' | 'defaultValue' | 'onChange'> {
  /** Accessible name; defaults to "検索 / Search". */
  label?: string;
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Enter (never an IME-confirming Enter), the search button, or a typing pause with debounceMs. */
  onSearch: (value: string) => void;
  /** Also search after typing stops for this long (the group menu uses 1000 ms). */
  debounceMs?: number;
}

/** A search box whose Enter is safe with Japanese input methods. */
export function SearchInput({
  label,
  value,
  defaultValue = '',
  onValueChange,
  onSearch,
  debounceMs,
  className,
  placeholder,
  onKeyDown: onKeyDownProp,
  ...input
}: SearchInputProps) {
  const { t } = useTranslation('ui');
  const id = useId();
  const [inner, setInner] = useState(defaultValue);
  const current = value ?? inner;
  const search = useRef(onSearch);
  search.current = onSearch;
  const typed = useRef(false);
  // The debounce must not search the half-converted reading (とうきょう before 東京), so it
  // waits while an IME is composing and restarts when the composition ends.
  const [composing, setComposing] = useState(false);

  useEffect(() => {
    if (!debounceMs || !typed.current || composing) return;
    const timer = setTimeout(() => search.current(current.trim()), debounceMs);
    return () => clearTimeout(timer);
  }, [current, debounceMs, composing]);

  const onEnter = useImeSafeEnter<HTMLInputElement>(() => {
    typed.current = false;
    search.current(current.trim());
  });

  return (
    <div className={['pui-search', className].filter(Boolean).join(' ')} role="search">
      <label htmlFor={id} className="pui-visually-hidden">
        {label ?? t('search.label')}
      </label>
      <input
        id={id}
        type="search"
        className="pui-input pui-search__input"
        placeholder={placeholder ?? t('search.placeholder')}
        value={current}
        onChange={(e) => {
          typed.current = true;
          if (value === undefined) setInner(e.target.value);
          onValueChange?.(e.target.value);
        }}
        {...input}
        onCompositionStart={() => setComposing(true)}
        onCompositionEnd={() => setComposing(false)}
        onKeyDown={(e) => {
          onKeyDownProp?.(e);
          if (!e.defaultPrevented) onEnter(e);
        }}
      />
      <button
        type="button"
        className="pui-search__button"
        aria-label={t('search.submit')}
        onClick={() => {
          typed.current = false;
          search.current(current.trim());
        }}
      >
        <SearchIcon />
      </button>
    </div>
  );
}
