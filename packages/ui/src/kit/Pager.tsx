import { useTranslation } from 'react-i18next';
import { Button } from '@portal/ui';
import './kit.css';

export interface PagerProps {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
}

/** Previous / next with "page n of m"; hidden when everything fits on one page. */
export function Pager({ page, lastPage, onChange }: PagerProps) {
  const { t } = useTranslation('ui');
  if (lastPage <= 1) return null;
  return (
    <nav className="pui-pager" aria-label={t('pager.label')}>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t('pager.previous')}
      </Button>
      <span aria-live="polite">{t('pager.position', { page, last: lastPage })}</span>
      <Button variant="secondary" size="sm" disabled={page >= lastPage} onClick={() => onChange(page + 1)}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}
