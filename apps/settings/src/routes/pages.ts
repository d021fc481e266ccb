/**
 * The nine setting pages (spec section 2, "Settings"): path under /setting and title key in the
 * `settings` namespace. The side menu, the navbar menu and the route table all read this list.
 */
export const SETTING_PAGES = [
  { path: 'account-info', titleKey: 'pages.account_info' },
  { path: 'change-email', titleKey: 'pages.change_email' },
  { path: 'change-password', titleKey: 'pages.change_password' },
  { path: 'setting-language', titleKey: 'pages.setting_language' },
  { path: 'change-info', titleKey: 'pages.change_info' },
  { path: 'setting-display', titleKey: 'pages.setting_display' },
  { path: 'setting-notify-news', titleKey: 'pages.setting_notify_news' },
  { path: 'setting-order', titleKey: 'pages.setting_order' },
  { path: 'setting-theme', titleKey: 'pages.setting_theme' },
] as const;

export type SettingPage = (typeof SETTING_PAGES)[number];
export type SettingPath = SettingPage['path'];

/** Where the shell mounts this remote. */
export const SETTINGS_BASE = '/setting';
