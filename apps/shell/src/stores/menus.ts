import { atom } from 'nanostores';

/**
 * Which header menu is open. One atom for all of them is what makes the pick menus, the home
 * menu bar, the bell dropdown and the collapsed navigation mutually exclusive (spec section 2,
 * navigation): opening one replaces whichever was open.
 */
export type MenuId = 'group' | 'setting' | 'home' | 'notifications' | 'nav';

export const $openMenu = atom<MenuId | null>(null);

export function openMenu(id: MenuId): void {
  $openMenu.set(id);
}

export function toggleMenu(id: MenuId): void {
  $openMenu.set($openMenu.get() === id ? null : id);
}

export function closeMenus(): void {
  $openMenu.set(null);
}
