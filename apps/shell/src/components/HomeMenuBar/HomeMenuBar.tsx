import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { $displayMode, setDisplayMode } from '../../stores/display';
import { useLogout } from '../../session/useLogout';

/** The home menu bar (spec section 2): help center, terms, privacy, PC/mobile toggle, logout. */
export function HomeMenuBar() {
  const { t } = useTranslation('shell');
  const mode = useStore($displayMode);
  const logout = useLogout();
  return (
    <ul className="shell-home-menu">
      <li>
        <Link to="/help-center">{t('home_menu.help_center')}</Link>
      </li>
      <li>
        <Link to="/terms">{t('home_menu.terms')}</Link>
      </li>
      <li>
        <Link to="/policy">{t('home_menu.privacy')}</Link>
      </li>
      <li>
        <button type="button" aria-pressed={mode === 'pc'} onClick={() => setDisplayMode(mode === 'pc' ? 'auto' : 'pc')}>
          {mode === 'pc' ? t('home_menu.display_mobile') : t('home_menu.display_pc')}
        </button>
      </li>
      <li>
        <button type="button" onClick={() => void logout()}>
          {t('actions.logout')}
        </button>
      </li>
    </ul>
  );
}
