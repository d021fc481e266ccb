import './kit.css';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys, SORT_OPTIONS, type Settings, type SortOption } from '@portal/api-client/core';

/** A list order as the list endpoints take it (spec section 9: update or title, either way). */
export interface ListSort {
  orderBy: 'update' | 'title';
  sortedBy: 'asc' | 'desc';
}

/** The lists whose order the user stores (settings.sort). */
export type SortPreference = 'group_topic' | 'group_shared_folder' | 'common_topic' | 'common_shared_folder';

export function parseSort(value: string): ListSort {
  const [orderBy, sortedBy] = value.split('_') as [ListSort['orderBy'], ListSort['sortedBy']];
  return { orderBy, sortedBy };
}

/** The stored order of one list, newest update first when nothing is stored. */
export function storedSort(settings: Settings | undefined, key: SortPreference): ListSort {
  return parseSort((settings?.sort[key] ?? 'update_desc') as SortOption);
}

export function useStoredSort(key: SortPreference): ListSort {
  return storedSort(useQueryClient().getQueryData<Settings>(queryKeys.settings()), key);
}

/** The order picker every list shows; its starting value is the stored preference. */
export function SortSelect({ value, onChange }: { value: ListSort; onChange: (sort: ListSort) => void }) {
  const { t } = useTranslation('ui');
  return (
    <label className="pui-sort">
      <span>{t('sort.label')}</span>
      <select
        className="pui-input pui-select"
        value={`${value.orderBy}_${value.sortedBy}`}
        onChange={(e) => onChange(parseSort(e.target.value))}
      >
        {SORT_OPTIONS.map((o) => (
          <option key={o} value={o}>
            {t(`sort.${o}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
