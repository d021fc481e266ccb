import { DEFAULT_SETTINGS } from './constants';

/**
 * Theme colours and their readability (WCAG 2.x contrast). Shared by the setting-theme form and
 * the API, so a pair the form refuses is a pair the server refuses.
 */

export interface ThemePalette {
  nav_menu_bg_color: string;
  banner_header_bg_color: string;
  main_bg_color: string;
  title_color: string;
  title_background: string;
}

export const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
/** WCAG AA for normal text. */
export const MIN_CONTRAST = 4.5;
/** Text drawn on the themed areas by the portal's own styles. */
export const THEME_TEXT = { nav: '#FFFFFF', body: '#212529' } as const;

function channels(hex: string): [number, number, number] {
  let h = hex.slice(1);
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255) as [number, number, number];
}

export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of two #rgb / #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The pairs that carry text, keyed by the colour field a refusal is reported on: white menu text
 * on the navigation, the page text on the main background, and the title on its background.
 */
export function unreadablePairs(p: ThemePalette): (keyof ThemePalette)[] {
  const bad: (keyof ThemePalette)[] = [];
  if (contrastRatio(THEME_TEXT.nav, p.nav_menu_bg_color) < MIN_CONTRAST) bad.push('nav_menu_bg_color');
  if (contrastRatio(THEME_TEXT.body, p.main_bg_color) < MIN_CONTRAST) bad.push('main_bg_color');
  if (contrastRatio(p.title_color, p.title_background) < MIN_CONTRAST) bad.push('title_color');
  return bad;
}

const DEFAULT_PALETTE: ThemePalette = {
  nav_menu_bg_color: DEFAULT_SETTINGS.nav_menu_bg_color,
  banner_header_bg_color: DEFAULT_SETTINGS.nav_menu_bg_color,
  main_bg_color: '#FFFFFF',
  title_color: DEFAULT_SETTINGS.title_color,
  title_background: DEFAULT_SETTINGS.title_background,
};

/** The prescriptive themes (theme type 2): a name and a fixed palette, all readable. */
export const THEME_PRESETS = {
  default: DEFAULT_PALETTE,
  sakura: {
    nav_menu_bg_color: '#a8325e',
    banner_header_bg_color: '#e07a9a',
    main_bg_color: '#fff8fa',
    title_color: '#5c1a2b',
    title_background: '#fde2e4',
  },
  forest: {
    nav_menu_bg_color: '#2d6a4f',
    banner_header_bg_color: '#52b788',
    main_bg_color: '#f6fbf7',
    title_color: '#1b4332',
    title_background: '#d8f3dc',
  },
  ocean: {
    nav_menu_bg_color: '#0b5394',
    banner_header_bg_color: '#3d85c6',
    main_bg_color: '#f5faff',
    title_color: '#0b2545',
    title_background: '#d0e6f7',
  },
  sunset: {
    nav_menu_bg_color: '#9a3412',
    banner_header_bg_color: '#f97316',
    main_bg_color: '#fffaf5',
    title_color: '#431407',
    title_background: '#ffedd5',
  },
  night: {
    nav_menu_bg_color: '#1f2937',
    banner_header_bg_color: '#4b5563',
    main_bg_color: '#f3f4f6',
    title_color: '#f9fafb',
    title_background: '#374151',
  },
} as const satisfies Record<string, ThemePalette>;
export type ThemePresetName = keyof typeof THEME_PRESETS;
export const THEME_PRESET_NAMES = Object.keys(THEME_PRESETS) as ThemePresetName[];
