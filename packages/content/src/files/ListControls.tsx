import { useTranslation } from 'react-i18next';

/** Previous / next over numbered pages; the server says whether another page follows. */
export function FileListPager({ page, hasMore, onChange }: { page: number; hasMore: boolean; onChange: (page: number) => void }) {
  const { t } = useTranslation('files');
  if (page <= 1 && !hasMore) return null;
  return (
    <nav className="pfile-pager" aria-label={t('pager.label')}>
      <button type="button" className="pui-btn pui-btn--secondary pui-btn--sm" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t('pager.previous')}
      </button>
      <span aria-live="polite">{t('pager.page', { page })}</span>
      <button type="button" className="pui-btn pui-btn--secondary pui-btn--sm" disabled={!hasMore} onClick={() => onChange(page + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}
