import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadNamespaces } from '@portal/i18n';
import { SearchIcon } from '@portal/ui';
import { closeMenus } from '../../stores/menus';

// The form (and its strings) load on first open, so the header costs the start-up nothing.
const SearchDialog = lazy(async () => {
  const [mod] = await Promise.all([import('../../search/SearchDialog'), loadNamespaces(['search'])]);
  return { default: mod.SearchDialog };
});

/** The header search button and the search modal it opens. */
export function SearchModal() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="shell-header__tool"
        aria-haspopup="dialog"
        onClick={() => {
          closeMenus();
          setOpen(true);
        }}
      >
        <SearchIcon />
        <span className="shell-visually-hidden">{t('search.open')}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <SearchDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
