import { ThemeType, type Settings } from '@portal/api-client/core';

/**
 * Applies the parts of the user's settings that live outside React: UI language and theme
 * variables. Called after login, when the settings query changes, and on `settings.updated`.
 */
export interface ApplyDeps {
  setLanguage: (lang: 'ja' | 'en') => unknown;
  /** null resets to the default theme. */
  applyTheme: (theme: Settings['setting_themes']['theme'] | null) => unknown;
}

export async function applyUserSettings(settings: Settings, deps: ApplyDeps): Promise<void> {
  await deps.setLanguage(settings.setting_language.code);
  const themes = settings.setting_themes;
  deps.applyTheme(themes.theme_type === ThemeType.NONE ? null : themes.theme);
}
