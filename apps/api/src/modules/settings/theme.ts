import { THEME_PRESETS, ThemeType, type Settings, type ThemeBody, type ThemePresetName } from '@portal/api-client';
import type { AppContext } from '../../kernel';
import { patchSettings } from '../members';

/**
 * Stores the theme section. A prescriptive theme stores its preset's palette (whatever colours
 * came with the request) and "none" the defaults, so what the shell applies is always one of
 * the checked palettes; custom colours arrive already checked for contrast by the schema.
 */
export function saveTheme(ctx: AppContext, userId: number, body: ThemeBody): Promise<Settings> {
  const { theme_type, theme_name, ...colors } = body;
  const preset =
    theme_type === ThemeType.CUSTOM ? null : THEME_PRESETS[theme_type === ThemeType.NONE ? 'default' : (theme_name as ThemePresetName)];
  const theme = preset
    ? { theme_name: theme_type === ThemeType.NONE ? 'default' : theme_name, ...preset }
    : { theme_name: 'custom', ...colors };
  return patchSettings(ctx, userId, 'setting_themes', { theme_type, theme });
}
