import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, SearchInput, Spinner } from '@portal/ui';
import { useMembers } from '../../api/calendar';

export interface Person {
  id: number;
  name: string;
}

/**
 * Choose the members an event is shared with: a searchable list (50 per page, "show more"
 * appends the next 50) of the people in the caller's groups, and the chosen list.
 */
export function MemberPicker({ value, onChange }: { value: Person[]; onChange: (v: Person[]) => void }) {
  const { t } = useTranslation(['calendarPages', 'calendar'], { nsMode: 'fallback' });
  const [search, setSearch] = useState('');
  const q = useMembers(search);
  const chosen = new Set(value.map((p) => p.id));
  const found = (q.data?.pages ?? []).flatMap((p) => p.data).filter((p) => !chosen.has(p.id));
  return (
    <div className="pcal-members">
      <div>
        <SearchInput label={t('members.search')} onSearch={(v) => setSearch(v.trim())} />
        <h3 className="pcal-members__title">{t('members.results')}</h3>
        {q.isPending ? (
          <Spinner />
        ) : found.length === 0 ? (
          <p>{t('members.none')}</p>
        ) : (
          <ul className="pcal-members__list" aria-label={t('members.results')}>
            {found.map((p) => (
              <li key={p.id}>
                <span>{p.name}</span>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t('members.add', { name: p.name })}
                  onClick={() => onChange([...value, p])}
                >
                  ＋
                </Button>
              </li>
            ))}
          </ul>
        )}
        {q.hasNextPage ? (
          <Button size="sm" variant="ghost" loading={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
            {t('members.more')}
          </Button>
        ) : null}
      </div>
      <div>
        <h3 className="pcal-members__title">{t('members.chosen')}</h3>
        {value.length === 0 ? (
          <p>{t('members.none_chosen')}</p>
        ) : (
          <ul className="pcal-members__list" aria-label={t('members.chosen')}>
            {value.map((p) => (
              <li key={p.id}>
                <span>{p.name}</span>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t('members.remove', { name: p.name })}
                  onClick={() => onChange(value.filter((x) => x.id !== p.id))}
                >
                  −
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
