import { useTranslation } from 'react-i18next';
import { SearchIcon, useModal } from '@portal/ui';
import { closeMenus } from '../../stores/menus';

/**
 * The header search button. Search (targets, data kinds, time ranges) is a later issue; until
 * then the modal says so plainly instead of offering a form that cannot work.
 */
export function SearchModal() {
  const { t } = useTranslation('shell');
  const modal = useModal();
  return (
    <button
      type="button"
      className="shell-header__tool"
      onClick={() => {
        closeMenus();
        modal.info({ title: t('search.title'), message: t('search.not_available'), closeSeconds: 0 });
      }}
    >
      <SearchIcon />
      <span className="shell-visually-hidden">{t('search.open')}</span>
    </button>
  );
}
