/**
 * Theme colours as CSS variables, so a theme change from settings is one set of variables and no
 * component re-renders. Shape follows `setting_themes.theme` in the api-client schemas.
 */

export interface ThemeColors {
  nav_menu_bg_color: string;
  banner_header_bg_color: string;
  main_bg_color: string;
  title_color: string;
  title_background: string;
}

/** Spec section 9 defaults; the banner follows the navigation colour unless set. */
export const THEME_DEFAULTS: Readonly<ThemeColors> = Object.freeze({
  nav_menu_bg_color: '#1971be',
  banner_header_bg_color: '#1971be',
  main_bg_color: '#FFF',
  title_color: '#212529',
  title_background: '#d3eaff',
});

export const THEME_VARIABLES: Readonly<Record<keyof ThemeColors, string>> = Object.freeze({
  nav_menu_bg_color: '--portal-nav-bg',
  banner_header_bg_color: '--portal-banner-bg',
  main_bg_color: '--portal-main-bg',
  title_color: '--portal-title-color',
  title_background: '--portal-title-bg',
});

// Only plain colour values reach the style sheet: a stored theme must not be able to inject
// `url(...)` or other declarations through a variable.
const COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\)|[a-z]+)$/i;

export function isSafeColor(value: unknown): value is string {
  return typeof value === 'string' && COLOR.test(value.trim());
}

/**
 * Sets the theme variables on `el` (the document root by default). Missing or unsafe values
 * fall back to the defaults, so a partial or null theme resets cleanly.
 */
export function applyTheme(theme: Partial<ThemeColors> | null | undefined, el: HTMLElement = document.documentElement): ThemeColors {
  const applied = { ...THEME_DEFAULTS };
  for (const key of Object.keys(THEME_VARIABLES) as (keyof ThemeColors)[]) {
    const value = theme?.[key];
    if (isSafeColor(value)) applied[key] = value.trim();
  }
  if (!isSafeColor(theme?.banner_header_bg_color)) {
    applied.banner_header_bg_color = applied.nav_menu_bg_color;
  }
  for (const key of Object.keys(THEME_VARIABLES) as (keyof ThemeColors)[]) {
    el.style.setProperty(THEME_VARIABLES[key], applied[key]);
  }
  return applied;
}

/** The picture slots of a theme (api-client THEME_IMAGE_SLOTS), each a CSS variable. */
export const THEME_IMAGE_VARIABLES = Object.freeze({
  nav: '--portal-nav-image',
  banner: '--portal-banner-image',
  main: '--portal-main-image',
  title: '--portal-title-image',
  header: '--portal-header-image',
} as const);
export type ThemeImageSlotName = keyof typeof THEME_IMAGE_VARIABLES;

/**
 * Sets the theme's pictures as `url()` variables; a slot without one gets `none`. Only object
 * URLs the shell made from fetched bytes are accepted, so nothing stored can place its own
 * `url(...)` (or anything else) into the style sheet. A header picture opens the banner strip.
 */
export function applyThemeImages(urls: Partial<Record<ThemeImageSlotName, string>>, el: HTMLElement = document.documentElement): void {
  for (const [slot, variable] of Object.entries(THEME_IMAGE_VARIABLES) as [ThemeImageSlotName, string][]) {
    const url = urls[slot];
    const safe = typeof url === 'string' && /^blob:[A-Za-z0-9:/._%-]+$/.test(url);
    el.style.setProperty(variable, safe ? `url("${url}")` : 'none');
  }
  const header = urls.header && /^blob:/.test(urls.header);
  if (header) {
    el.style.setProperty('--portal-banner-height', '120px');
    el.style.setProperty('--portal-banner-opacity', '1');
  } else {
    el.style.removeProperty('--portal-banner-height');
    el.style.removeProperty('--portal-banner-opacity');
  }
}
