import { useTranslation } from 'react-i18next';
import { choiceParam, parseChoice, useMyGroups, type CalendarChoice } from '../../api/views';

/** All calendars, my calendar, or one joined group. */
export function CalendarPicker({ value, onChange, id }: { value: CalendarChoice; onChange: (c: CalendarChoice) => void; id: string }) {
  const { t } = useTranslation('calendar');
  const groups = useMyGroups();
  return (
    <span className="pcal-picker">
      <label htmlFor={id}>{t('filter.label')}</label>{' '}
      <select id={id} className="pui-input" value={choiceParam(value)} onChange={(e) => onChange(parseChoice(e.target.value))}>
        <option value="all">{t('filter.all')}</option>
        <option value="my">{t('filter.my')}</option>
        {(groups.data ?? []).map((g) => (
          <option key={g.id} value={`g${g.id}`}>
            {g.name}
          </option>
        ))}
      </select>
    </span>
  );
}
