import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $openMenu, closeMenus } from '../../stores/menus';

/**
 * While any header menu is open: page scroll is locked, a backdrop covers the page (a click on
 * it closes the menu) and Esc closes it and returns focus to the button that opened it.
 */
export function MenuLayer() {
  const open = useStore($openMenu);

  useEffect(() => {
    if (!open) return;
    const body = document.body;
    const previous = body.style.overflow;
    body.style.overflow = 'hidden';
    body.dataset.menuOpen = open;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      closeMenus();
      opener?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      body.style.overflow = previous;
      delete body.dataset.menuOpen;
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!open) return null;
  return <div className="shell-menu-backdrop" data-testid="menu-backdrop" aria-hidden="true" onClick={closeMenus} />;
}
