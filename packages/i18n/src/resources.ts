/**
 * Every namespace of every language, bundled statically: the shell and all remotes share one
 * i18next instance (a Module Federation singleton), so a remote never has to load its own
 * strings and the first render is never untranslated.
 */
import jaAuth from './locales/ja/auth.json';
import jaCalendar from './locales/ja/calendar.json';
import jaChat from './locales/ja/chat.json';
import jaCommon from './locales/ja/common.json';
import jaCommonTopic from './locales/ja/commonTopic.json';
import jaErrors from './locales/ja/errors.json';
import jaGroups from './locales/ja/groups.json';
import jaGroupMenu from './locales/ja/groupMenu.json';
import jaNotifications from './locales/ja/notifications.json';
import jaSettings from './locales/ja/settings.json';
import jaShell from './locales/ja/shell.json';
import jaUi from './locales/ja/ui.json';
import jaValidation from './locales/ja/validation.json';
import enAuth from './locales/en/auth.json';
import enCalendar from './locales/en/calendar.json';
import enChat from './locales/en/chat.json';
import enCommon from './locales/en/common.json';
import enCommonTopic from './locales/en/commonTopic.json';
import enErrors from './locales/en/errors.json';
import enGroups from './locales/en/groups.json';
import enGroupMenu from './locales/en/groupMenu.json';
import enNotifications from './locales/en/notifications.json';
import enSettings from './locales/en/settings.json';
import enShell from './locales/en/shell.json';
import enUi from './locales/en/ui.json';
import enValidation from './locales/en/validation.json';

export const LANGUAGES = ['ja', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const NAMESPACES = [
  'common',
  'errors',
  'validation',
  'ui',
  'auth',
  'shell',
  'settings',
  'groups',
  /** Home group list, navbar group menu, group folders and display order (groups remote widgets). */
  'groupMenu',
  'commonTopic',
  'chat',
  'calendar',
  'notifications',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** A nested translation tree as stored in the JSON files. */
export interface Messages {
  [key: string]: string | Messages;
}

export const resources: Record<Language, Record<Namespace, Messages>> = {
  ja: {
    common: jaCommon,
    errors: jaErrors,
    validation: jaValidation,
    ui: jaUi,
    auth: jaAuth,
    shell: jaShell,
    settings: jaSettings,
    groups: jaGroups,
    groupMenu: jaGroupMenu,
    commonTopic: jaCommonTopic,
    chat: jaChat,
    calendar: jaCalendar,
    notifications: jaNotifications,
  },
  en: {
    common: enCommon,
    errors: enErrors,
    validation: enValidation,
    ui: enUi,
    auth: enAuth,
    shell: enShell,
    settings: enSettings,
    groups: enGroups,
    groupMenu: enGroupMenu,
    commonTopic: enCommonTopic,
    chat: enChat,
    calendar: enCalendar,
    notifications: enNotifications,
  },
};
