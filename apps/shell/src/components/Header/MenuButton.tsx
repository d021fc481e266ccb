import type { ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { $openMenu, toggleMenu, type MenuId } from '../../stores/menus';

interface Props {
  menu: MenuId;
  label: string;
  children?: ReactNode;
  className?: string;
}

/** A header button that opens one menu (and so closes any other). */
export function MenuButton({ menu, label, children, className = 'shell-nav__item' }: Props) {
  const open = useStore($openMenu) === menu;
  return (
    <button
      type="button"
      className={`${className}${open ? ' is-open' : ''}`}
      aria-haspopup="true"
      aria-expanded={open}
      aria-controls={`shell-menu-${menu}`}
      onClick={() => toggleMenu(menu)}
    >
      {children ?? label}
    </button>
  );
}

/** The panel of one menu; rendered only while open so its widget loads on first use. */
export function MenuPanel({ menu, label, children }: { menu: MenuId; label: string; children: ReactNode }) {
  const open = useStore($openMenu) === menu;
  if (!open) return null;
  return (
    <div id={`shell-menu-${menu}`} className={`shell-menu shell-menu--${menu}`} role="region" aria-label={label}>
      {children}
    </div>
  );
}
